import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const adminProfileRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "profile",
  component: lazyRouteComponent(() => import("../../profile/StaffProfileScreen.tsx"), "StaffProfileScreen"),
});
