import { NA_HINT, NONE_OF_THE_ABOVE, OTHER, yesNo } from "./choices.ts";
import type { Choice, QuestionnaireField } from "./fields.ts";

/**
 * Builders for the question kinds the questionnaire uses. Each keeps the field's literal name in its
 * type, so the steps list yields the union of field names and answer objects are checked against it.
 */
type Named<Name extends string> = QuestionnaireField & { name: Name };
type Extra = Partial<Omit<QuestionnaireField, "name" | "label" | "type" | "choices">>;

export const yesNoQuestion = <Name extends string>(
  name: Name,
  label: string,
  extra: Extra = {},
): Named<Name> => ({
  name,
  label,
  type: "select",
  choices: yesNo,
  ...extra,
});

export const singleChoice = <Name extends string>(
  name: Name,
  label: string,
  choices: readonly Choice[],
  extra: Extra = {},
): Named<Name> => ({ name, label, type: "select", choices, ...extra });

/** Required multi-choice questions need at least one selection. */
export const multipleChoice = <Name extends string>(
  name: Name,
  label: string,
  choices: readonly Choice[],
  extra: Extra = {},
): Named<Name> => ({
  name,
  label,
  type: "multiple_choice",
  choices,
  ...(extra.required ? { min: 1 } : {}),
  ...extra,
});

export const textQuestion = <Name extends string>(
  name: Name,
  label: string,
  hint: string,
  extra: Extra = {},
): Named<Name> => ({ name, label, type: "text", hint, ...extra });

/** Numeric answers are text with a numeric format, as the other forms carry numbers; NA is "not known". */
export const numberQuestion = <Name extends string>(
  name: Name,
  label: string,
  extra: Extra = {},
): Named<Name> => ({
  name,
  label,
  type: "text",
  format: "number",
  hint: NA_HINT,
  ...extra,
});

export const percentQuestion = <Name extends string>(
  name: Name,
  label: string,
  extra: Extra = {},
): Named<Name> =>
  numberQuestion(name, label, { max: 100, hint: `A percentage from 0 to 100, ${NA_HINT}`, ...extra });

/**
 * The free-text companion of a multi-choice question: it shows when 'Other' or 'None of the above' is
 * selected, so the customer can name what the list lacks.
 */
export const otherTextbox = <Parent extends string>(
  parent: Parent,
  label: string,
  hint: string,
): Named<`${Parent}_textbox`> => ({
  name: `${parent}_textbox`,
  label,
  type: "textarea",
  hint,
  rows: 5,
  showWhen: [{ field: parent, op: "includesAny", values: [OTHER, NONE_OF_THE_ABOVE] }],
});
