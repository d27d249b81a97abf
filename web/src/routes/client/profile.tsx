import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { clientLayoutRoute } from "./clientLayout.tsx";

/** Picture, name, organisation, users and saved queries (also in dummy mode). */
export const profileRoute = createRoute({
  getParentRoute: () => clientLayoutRoute,
  path: "profile",
  component: lazyRouteComponent(
    () => import("../../profile/CustomerProfileScreen.tsx"),
    "CustomerProfileScreen",
  ),
});
