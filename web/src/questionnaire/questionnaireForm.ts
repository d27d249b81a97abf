import { isAnswered, visibleFieldNames } from "../../../schemes/questionnaire/conditions.ts";
import type { QuestionnaireField, QuestionnaireStep } from "../../../schemes/questionnaire/fields.ts";
import { isNumberAnswer } from "../../../schemes/questionnaire/numberAnswer.ts";

/**
 * The staff questionnaire form's rules, from the definition delivered at sign-in
 * (`forms.questionnaire`) and the scheme's own display evaluator, so the modal shows and requires
 * exactly what the server validates (schemes/questionnaire/README.md, "For the web").
 */

export type { QuestionnaireField, QuestionnaireStep };
export interface QuestionnaireFormDefinition {
  name: string;
  steps: QuestionnaireStep[];
}

export type Answers = Record<string, string | string[]>;

export const allFields = (steps: readonly QuestionnaireStep[]) => steps.flatMap((step) => step.fields);

/** The message of one field, or null when its answer is acceptable (only shown fields are checked). */
export function fieldProblem(field: QuestionnaireField, value: unknown): string | null {
  const answered = isAnswered(value);
  if (field.format === "number") {
    if (!answered) return field.required ? "Please fill out this field or verify number format." : null;
    // NA (any case) is "not known", accepted as the server does (schemes/questionnaire/numberAnswer.ts).
    if (!isNumberAnswer(String(value), field.max)) {
      return "Please fill out this field or verify number format.";
    }
    return null;
  }
  if (!field.required) return null;
  if (field.type === "multiple_choice") {
    const count = Array.isArray(value) ? value.length : 0;
    return count >= (field.min ?? 1) ? null : "Please fill out this field";
  }
  return answered ? null : "Please fill out this field";
}

/** Problems of the shown fields, by field name; submit/update is disabled while any exists. */
export function formProblems(steps: readonly QuestionnaireStep[], answers: Answers): Map<string, string> {
  const fields = allFields(steps);
  const visible = visibleFieldNames(fields, answers);
  const problems = new Map<string, string>();
  for (const field of fields) {
    if (!visible.has(field.name)) continue;
    const problem = fieldProblem(field, answers[field.name]);
    if (problem) problems.set(field.name, problem);
  }
  return problems;
}

/** The answers to send: only shown fields (the server drops hidden ones anyway). */
export function shownAnswers(steps: readonly QuestionnaireStep[], answers: Answers): Answers {
  const visible = visibleFieldNames(allFields(steps), answers);
  return Object.fromEntries(Object.entries(answers).filter(([name]) => visible.has(name)));
}

/** The steps with at least one problem (their numbers), to point staff at them. */
export function stepsWithProblems(
  steps: readonly QuestionnaireStep[],
  problems: Map<string, string>,
): number[] {
  return steps
    .filter((step) => step.fields.some((field) => problems.has(field.name)))
    .map((step) => step.step);
}
