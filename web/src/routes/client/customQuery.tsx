import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { clientLayoutRoute } from "./clientLayout.tsx";

export const customQueryRoute = createRoute({
  getParentRoute: () => clientLayoutRoute,
  path: "queries/custom/$id",
  component: lazyRouteComponent(() => import("./customQueryScreen.tsx"), "CustomQueryRouteScreen"),
});
