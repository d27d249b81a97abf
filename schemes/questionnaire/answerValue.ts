import { z } from "zod";
import { NONE_OF_THE_ABOVE } from "./choices.ts";
import type { QuestionnaireField } from "./fields.ts";
import { isNotKnown, NOT_KNOWN, normaliseNumberAnswer } from "./numberAnswer.ts";

export const FILL_OUT = "Please fill out this field";
const MAX_TEXT = 2000;
/** Digits with an optional decimal part: FTEs and rates can be fractional (2.5 navigators). */
const NUMBER = /^\d+(\.\d+)?$/;

/** The spec's message for a missing or malformed answer (admin-area.md section 5). */
export const fillOutMessage = (field: QuestionnaireField) =>
  field.format ? `${FILL_OUT} or verify ${field.format} format.` : FILL_OUT;

const choiceValues = (field: QuestionnaireField) => (field.choices ?? []).map((choice) => choice.value);

function selectSchema(field: QuestionnaireField) {
  const values = choiceValues(field);
  return z
    .string({ error: "must be text" })
    .trim()
    .refine((value) => value === "" || values.includes(value), `must be one of: ${values.join(", ")}`);
}

function multipleChoiceSchema(field: QuestionnaireField) {
  const values = choiceValues(field);
  return (
    z
      .array(
        z.string().refine((value) => values.includes(value), `must be among: ${values.join(", ")}`),
        { error: "must be a list of choices" },
      )
      // The web may send a selection twice (double click); the set of selections is what counts.
      .transform((selected) => [...new Set(selected)])
      .refine(
        (selected) => !(selected.includes(NONE_OF_THE_ABOVE) && selected.length > 1),
        `'${NONE_OF_THE_ABOVE}' cannot be combined with other choices`,
      )
  );
}

function textSchema(field: QuestionnaireField) {
  const text = z
    .string({ error: "must be text" })
    .trim()
    .max(MAX_TEXT, `must be at most ${MAX_TEXT} characters`);
  if (field.format !== "number") return text;
  const max = field.max;
  // NA (any case) is "not known", as the form's hint says; it is stored as "NA".
  return text
    .transform(normaliseNumberAnswer)
    .refine((value) => value === "" || value === NOT_KNOWN || NUMBER.test(value), fillOutMessage(field))
    .refine(
      (value) => value === "" || isNotKnown(value) || max === undefined || Number(value) <= max,
      `must be at most ${max}`,
    );
}

/**
 * The shape one answer must have, whatever its context: a known choice, a list of known choices, or
 * text (numeric when the field says so). Blank and null are "no answer"; whether an answer is
 * required is the questionnaire schema's business, since it depends on the other answers.
 */
export function answerSchemaOf(field: QuestionnaireField): z.ZodType<string | string[] | undefined> {
  const shape =
    field.type === "select"
      ? selectSchema(field)
      : field.type === "multiple_choice"
        ? multipleChoiceSchema(field)
        : textSchema(field);
  return z.preprocess((value) => (value === null ? undefined : value), shape.optional());
}
