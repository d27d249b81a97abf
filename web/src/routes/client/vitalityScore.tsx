import { createRoute } from "@tanstack/react-router";
import { VitalityScoreScreen } from "../../score/VitalityScoreScreen.tsx";
import { clientLayoutRoute } from "./clientLayout.tsx";

export const vitalityScoreRoute = createRoute({
  getParentRoute: () => clientLayoutRoute,
  path: "vitality-score",
  component: VitalityScoreScreen,
});

export { VitalityScoreScreen };
