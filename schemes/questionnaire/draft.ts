import { z } from "zod";
import { questionnaireFields, questionnaireSteps } from "./steps.ts";

/**
 * A questionnaire draft: what the customer has typed so far, kept on the server while the
 * questionnaire waits so a reload loses nothing. Answers are kept as typed (a malformed number, a
 * required answer still missing): the rules apply at submit, not here. Only the shape is held:
 * known field names, text or a list of texts of bounded size, and the furthest step reached.
 */
const MAX_TEXT = 2000;
const MAX_SELECTIONS = Math.max(...questionnaireFields.map((field) => field.choices?.length ?? 0));

const draftAnswer = z.union(
  [
    z.string().max(MAX_TEXT, `must be at most ${MAX_TEXT} characters`),
    z
      .array(z.string().max(MAX_TEXT, `must be at most ${MAX_TEXT} characters`))
      .max(MAX_SELECTIONS, `must have at most ${MAX_SELECTIONS} entries`),
  ],
  { error: "must be text or a list of texts" },
);

export const draftAnswersSchema = z.strictObject(
  Object.fromEntries(questionnaireFields.map((field) => [field.name, draftAnswer.optional()])),
  { error: "must be an object of answers" },
);

/** The furthest step the customer reached (1 to 17): the stepper lets them back to any step up to it. */
export const draftStepSchema = z
  .number({ error: "must be a whole number" })
  .int("must be a whole number")
  .min(1, "must be at least 1")
  .max(questionnaireSteps.length, `must be at most ${questionnaireSteps.length}`);

export type DraftAnswers = Record<string, string | string[]>;
export interface QuestionnaireDraft {
  answers: DraftAnswers;
  step: number;
}
