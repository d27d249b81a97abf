import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const adminHelpcenterRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "helpcenter",
  component: lazyRouteComponent(
    () => import("../../admin/helpcenter/HelpcenterScreen.tsx"),
    "HelpcenterScreen",
  ),
});
