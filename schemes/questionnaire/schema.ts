import { z } from "zod";
import { answerSchemaOf, fillOutMessage } from "./answerValue.ts";
import { isAnswered, visibleFieldNames } from "./conditions.ts";
import { type QuestionnaireFieldName, questionnaireFields } from "./steps.ts";

export type QuestionnaireAnswers = Partial<Record<QuestionnaireFieldName, string | string[]>>;

interface Analysis {
  /** The answers kept: shown, answered and normalised (trimmed, selections de-duplicated). */
  answers: QuestionnaireAnswers;
  issues: { path: [string]; message: string }[];
}

/**
 * Reads a set of answers the way the form shows them. Visibility is decided on the well-formed
 * answers (a malformed controller answer counts as none), then only shown fields are checked:
 * their shape, and whether they are required. Hidden fields are ignored entirely.
 */
// Built once: each request parses every field.
const answerSchemas = questionnaireFields.map((field) => [field, answerSchemaOf(field)] as const);

export function analyseAnswers(raw: Record<string, unknown>): Analysis {
  const parsed = new Map(answerSchemas.map(([field, schema]) => [field, schema.safeParse(raw[field.name])]));
  const wellFormed: Record<string, unknown> = {};
  for (const [field, result] of parsed) if (result.success) wellFormed[field.name] = result.data;
  const visible = visibleFieldNames(questionnaireFields, wellFormed);

  const analysis: Analysis = { answers: {}, issues: [] };
  for (const [field, result] of parsed) {
    if (!visible.has(field.name)) continue;
    if (!result.success) {
      for (const issue of result.error.issues)
        analysis.issues.push({ path: [field.name], message: issue.message });
      continue;
    }
    const answer = result.data;
    const tooFewSelections = Array.isArray(answer) && answer.length < (field.min ?? 0);
    if (field.required && (!isAnswered(answer) || tooFewSelections)) {
      analysis.issues.push({ path: [field.name], message: fillOutMessage(field) });
    }
    if (answer !== undefined && isAnswered(answer)) {
      analysis.answers[field.name as QuestionnaireFieldName] = answer;
    }
  }
  return analysis;
}

const anyAnswerPerField = Object.fromEntries(
  questionnaireFields.map((field) => [field.name, z.unknown().optional()]),
);

/**
 * The questionnaire's answers: every rule of admin-area.md section 5 (required answers, conditional
 * requirements, conditional display) as one schema. Unknown field names are refused; answers to
 * hidden questions are dropped from the output, neither validated nor stored.
 */
export const questionnaireAnswersSchema = z
  .strictObject(anyAnswerPerField)
  .superRefine((raw, ctx) => {
    for (const issue of analyseAnswers(raw).issues) ctx.addIssue({ code: "custom", ...issue });
  })
  .transform((raw): QuestionnaireAnswers => analyseAnswers(raw).answers);
