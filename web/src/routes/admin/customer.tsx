import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const customerRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "customers/$id",
  component: lazyRouteComponent(() => import("./customerScreen.tsx"), "CustomerRouteScreen"),
});
