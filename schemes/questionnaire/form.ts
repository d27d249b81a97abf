import { questionnaireSteps } from "./steps.ts";

/**
 * The questionnaire as delivered to the web app with the other forms at sign-in: steps with titles,
 * and for each field its type, choices, hint, whether it is required while shown, and `showWhen`.
 * The web evaluates `showWhen` with `visibleFieldNames` from ./conditions.ts, the same function the
 * server's schema uses. Plain data only, so it serialises to JSON unchanged.
 */
export const questionnaireForm = {
  name: "questionnaire",
  steps: questionnaireSteps,
};
