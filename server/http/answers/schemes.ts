/** The answers of the schemes: questionnaire, scores, generated capability schemes. */
import { z } from "zod";
import { ok, year } from "./common.ts";

export const questionnaireState = z.enum(["waiting", "under_analysis", "valid"]);

/** Answers by question: a text, or the values chosen (schemes/questionnaire/schema.ts). */
const questionnaireAnswers = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** A year's questionnaire (schemes/questionnaire/store.ts questionnaireView); null when none. */
export const questionnaireView = z
  .strictObject({
    year,
    state: questionnaireState,
    data: questionnaireAnswers.meta({ description: "The answers, by question." }),
  })
  .nullable();
export const questionnaireAnswer = z.strictObject({ status: ok, questionnaire: questionnaireView });
export type QuestionnaireAnswer = z.infer<typeof questionnaireAnswer>;

const score = z.number().meta({ description: "0 to 20, one decimal." });
/** POST .../scoring/result/: the latest enabled year's six scores, or null. */
export const scoresAnswer = z.strictObject({
  status: ok,
  data: z
    .strictObject({
      market_alignement: score,
      centricity: score,
      competitive_comparison: score,
      partnerships: score,
      service_mix_and_strength: score,
      total: score,
      year,
    })
    .nullable(),
});
export type ScoresAnswer = z.infer<typeof scoresAnswer>;

/** A scheme's stored result (its own shape, docs/plugins.md), or null before the first run. */
export const schemeResultAnswer = z.strictObject({ status: ok, scheme: z.unknown() });
export const generatedSchemaAnswer = z.strictObject({ status: ok, schema: z.unknown() });

/** GET and POST .../questionnaire/draft/: the admin's draft of the waiting questionnaire, or null. */
export const draftAnswer = z.object({
  status: ok,
  draft: z
    .object({
      year,
      answers: questionnaireAnswers,
      step: z.number().int().meta({ description: "The furthest step reached (1 to 17)." }),
      saved_at: z.iso.datetime(),
    })
    .nullable(),
});
