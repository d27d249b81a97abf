import type { QuestionnaireState } from "./states.ts";

/**
 * The questionnaire's share of a year's progress (admin-area.md section 4: 8 units in all): half a
 * unit once staff opened it, the other half once it is valid.
 */
export function questionnaireProgress(state: QuestionnaireState | null | undefined): 0 | 0.5 | 1 {
  if (!state) return 0;
  return state === "valid" ? 1 : 0.5;
}
