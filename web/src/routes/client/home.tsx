import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { clientLayoutRoute } from "./clientLayout.tsx";

export const homeRoute = createRoute({
  getParentRoute: () => clientLayoutRoute,
  path: "/",
  component: lazyRouteComponent(() => import("../../home/HomeScreen.tsx"), "HomeScreen"),
});
