import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const customersRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "customers",
  component: lazyRouteComponent(() => import("../../admin/customers/CustomersScreen.tsx"), "CustomersScreen"),
});
