import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { clientLayoutRoute } from "./clientLayout.tsx";

export const vitalityScoreRoute = createRoute({
  getParentRoute: () => clientLayoutRoute,
  path: "vitality-score",
  component: lazyRouteComponent(() => import("../../score/VitalityScoreScreen.tsx"), "VitalityScoreScreen"),
});
