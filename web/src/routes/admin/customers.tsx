import { createRoute } from "@tanstack/react-router";
import { CustomersScreen } from "../../admin/customers/CustomersScreen.tsx";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const customersRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "customers",
  component: CustomersScreen,
});
