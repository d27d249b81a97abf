import { createRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../../components/ScreenTitle.tsx";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const customersRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "customers",
  component: () => <ScreenTitle title="Customers" />,
});
