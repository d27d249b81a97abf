import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { clientLayoutRoute } from "./clientLayout.tsx";

export const helpcenterRoute = createRoute({
  getParentRoute: () => clientLayoutRoute,
  path: "helpcenter",
  component: lazyRouteComponent(() => import("../../helpcenter/HelpCenterScreen.tsx"), "HelpCenterScreen"),
});
