import { createRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../../components/ScreenTitle.tsx";
import { clientLayoutRoute } from "./clientLayout.tsx";

export const vitalityScoreRoute = createRoute({
  getParentRoute: () => clientLayoutRoute,
  path: "vitality-score",
  component: VitalityScoreScreen,
});

/** The Strategic Vitality Score (also in dummy mode). */
export function VitalityScoreScreen() {
  return <ScreenTitle title="Strategic Vitality Score" />;
}
