/**
 * Display conditions of the questionnaire, as plain data plus the one function that evaluates them.
 *
 * This module has no dependencies on purpose: the server's zod schema and the web app's form both
 * import `visibleFieldNames`, so what is shown and what is validated can never disagree.
 */

/** One answer: a single value (text, Yes/No, a band) or the selections of a multi-choice question. */
export type AnswerValue = string | readonly string[];
export type Answers = Readonly<Record<string, unknown>>;

/**
 * A condition on an earlier field's answer. A field with several conditions shows when all hold.
 * - equals: the answer is exactly `value`.
 * - in / notIn: a single answer is (not) one of `values`; an empty answer is never `in` and always `notIn`.
 * - notEmpty: the answer is a non-blank text or a non-empty selection.
 * - includesAny: a multi-choice answer selected at least one of `values`.
 */
export type Condition =
  | { field: string; op: "equals"; value: string }
  | { field: string; op: "in" | "notIn" | "includesAny"; values: readonly string[] }
  | { field: string; op: "notEmpty" };

/** What the evaluator needs of a field: its name and, for conditional fields, when it shows. */
export interface ConditionalField {
  name: string;
  showWhen?: readonly Condition[];
}

/** Blank strings and empty selections count as no answer, as a missing field does. */
export function isAnswered(value: unknown): boolean {
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.length > 0;
  return value !== undefined && value !== null;
}

const selectionsOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : isAnswered(value) ? [value] : [];

export function conditionHolds(condition: Condition, answers: Answers): boolean {
  const answer = answers[condition.field];
  switch (condition.op) {
    case "equals":
      return answer === condition.value;
    case "in":
      return typeof answer === "string" && condition.values.includes(answer);
    case "notIn":
      return !(typeof answer === "string" && condition.values.includes(answer));
    case "notEmpty":
      return isAnswered(answer);
    case "includesAny":
      return selectionsOf(answer).some((selected) => condition.values.includes(selected as string));
  }
}

/**
 * The names of the fields shown for these answers, in form order. A field whose condition names a
 * hidden field is hidden too (its controller's answer is about to be dropped), so a cascade such as
 * ASC ownership -> stake -> partner description collapses in one pass; conditions may therefore only
 * name fields that come earlier in the form (a test holds the form to that).
 */
export function visibleFieldNames(fields: readonly ConditionalField[], answers: Answers): Set<string> {
  const visible = new Set<string>();
  for (const field of fields) {
    const conditions = field.showWhen ?? [];
    const shown = conditions.every(
      (condition) => visible.has(condition.field) && conditionHolds(condition, answers),
    );
    if (shown) visible.add(field.name);
  }
  return visible;
}
