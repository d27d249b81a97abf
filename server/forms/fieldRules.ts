/**
 * zod rules built from a form's field definitions (types.ts): required, format, length, choices and
 * minimum selections come from the definition, so a call enforces exactly what the form shows and
 * with the spec's messages ('Please fill out this field', plus ' or verify {format} format.' when
 * the field has a format rule). Pure (no database or geography): the web app may import it.
 */
import { z } from "zod";
import { isValidNpi } from "../reference/npi.ts";
import { formatMessage, REQUIRED_MESSAGE } from "./formatWords.ts";
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from "./singleLine.ts";
import { atMost, DATE_TEXT_MAX, LINE_MAX } from "./textLimits.ts";
import type { FieldDefinition, FormDefinition } from "./types.ts";

export { REQUIRED_MESSAGE };

/** The message of a field left empty or not in its format (admin-area.md section 5, in plain words). */
export const fieldMessage = (field: Pick<FieldDefinition, "format">) => formatMessage(field.format);

/** A value of the wrong JSON type: the field's message when it is missing, else what it must be. */
const typeMessage = (missing: string, wrongType: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? missing : wrongType;

export const NPI_CHECK_MESSAGE = "This is not a valid NPI: its last digit (the check digit) does not match.";

/** Longest free text a field takes (a textarea or a name): bounds what a request can store. */
const TEXT_MAX = 500;
const TEXTAREA_MAX = 5000;

const FORMAT_PATTERNS: Partial<Record<NonNullable<FieldDefinition["format"]>, RegExp>> = {
  npi: /^\d{10}$/,
  zip: /^\d{5}$/,
  number: /^\d+$/,
  // Names: letters, with the spaces, hyphens, apostrophes and dots real names carry (O'Neil, Smith-Jones).
  onlyletter: /^\p{L}[\p{L} '.-]*$/u,
  year: /^\d{4}$/,
};

/** The definition of a form's field by name; a missing one is a programming error, caught at start. */
export function fieldOf(form: FormDefinition, name: string): FieldDefinition {
  const field = form.fields.find((candidate) => candidate.name === name);
  if (!field) throw new Error(`form ${form.name} has no field ${name}`);
  return field;
}

/**
 * A text field: trimmed; empty is "" (refused when required); format and lengths from the
 * definition. The checks run in one refinement (for the form's own messages), which JSON Schema
 * cannot see: the lengths and the format's pattern are stated for the API document as well.
 */
export function textRule(field: FieldDefinition): z.ZodType<string, string> {
  const message = fieldMessage(field);
  const max = field.type === "textarea" ? TEXTAREA_MAX : (field.maxlength ?? TEXT_MAX);
  const pattern = field.format ? FORMAT_PATTERNS[field.format] : undefined;
  return z
    .string({ error: typeMessage(message, "must be text") })
    .trim()
    .superRefine((value, context) => {
      if (value === "") {
        if (field.required) context.addIssue({ code: "custom", message });
        return;
      }
      const tooShort = field.minlength !== undefined && value.length < field.minlength;
      if ((pattern && !pattern.test(value)) || tooShort) {
        context.addIssue({ code: "custom", message });
        return;
      }
      if (value.length > max) {
        context.addIssue({ code: "custom", message: `must be at most ${max} characters` });
        return;
      }
      if (field.type !== "textarea" && hasControlCharacter(value)) {
        context.addIssue({ code: "custom", message: CONTROL_CHARACTER_MESSAGE });
        return;
      }
      if (field.format === "npi" && !isValidNpi(value)) {
        context.addIssue({ code: "custom", message: NPI_CHECK_MESSAGE });
      }
    })
    .meta({
      maxLength: max,
      // Blank is allowed when the field is optional, so the pattern and minimum say so.
      ...(field.minlength !== undefined && field.required ? { minLength: field.minlength } : {}),
      ...(pattern ? { pattern: field.required ? pattern.source : `^$|${pattern.source}` } : {}),
    });
}

/** A number typed in a text field ('Age'): digits only, or blank = unknown (null). */
export function wholeNumberRule(field: FieldDefinition): z.ZodType<number | null, string | number | null> {
  const message = fieldMessage(field);
  // Digits typed in a text field: a few, with room for the spaces trimmed around them.
  const typed = z.string().max(DATE_TEXT_MAX, message);
  return z.union([typed, z.number(), z.null()], { error: message }).transform((value, context) => {
    const text = value === null ? "" : String(value).trim();
    if (text === "") {
      if (field.required) context.addIssue({ code: "custom", message });
      return null;
    }
    if (!/^\d{1,3}$/.test(text)) {
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return Number(text);
  });
}

export const DATE_MESSAGE = "must be a date (YYYY-MM-DD), or blank";

/** A date field: "YYYY-MM-DD", or blank ("" or null) stored as null (what blank means is the form's hint). */
export function dateRule(field: FieldDefinition): z.ZodType<string | null, string | null> {
  return z
    .union([z.string().max(DATE_TEXT_MAX, DATE_MESSAGE), z.null()], { error: DATE_MESSAGE })
    .transform((value, context) => {
      const text = (value ?? "").trim();
      if (text === "") {
        if (field.required) context.addIssue({ code: "custom", message: fieldMessage(field) });
        return null;
      }
      const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : undefined;
      if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
        context.addIssue({ code: "custom", message: DATE_MESSAGE });
        return z.NEVER;
      }
      return text;
    });
}

/**
 * Every value a choice field may take: its choices, or for a field whose choices depend on another
 * (dependsOn) all of them together; the form's own cross-field rule then holds the value to the
 * choices of the other field's value.
 */
export function choiceValues(field: FieldDefinition): string[] {
  const choices = field.choices ?? Object.values(field.dependsOn?.choices ?? {}).flat();
  return [...new Set(choices.map((choice) => choice.value))];
}

/**
 * A select: one of its choices (a zod enum, so the OpenAPI document lists them), or "" when not
 * required. Values are taken as sent (no trimming): they come from a list.
 */
export function selectRule(field: FieldDefinition): z.ZodType<string, string> {
  const message = fieldMessage(field);
  const allowed = choiceValues(field);
  const values = field.required ? allowed : [...allowed, ""];
  return z.enum(values as [string, ...string[]], {
    error: (issue) => {
      if (issue.input === undefined || issue.input === "") return message;
      if (typeof issue.input !== "string") return "must be text (one of the choices)";
      return `must be one of: ${allowed.join(", ")}${field.required ? "" : " (or blank)"}`;
    },
  });
}

/** One entry of a multiple_choice: one of its choices (an enum), or any text when it has none. */
function choiceEntry(field: FieldDefinition) {
  const allowed = choiceValues(field);
  if (allowed.length === 0) {
    return z.string({ error: "each choice must be text" }).trim().max(LINE_MAX, atMost(LINE_MAX));
  }
  return z.enum(allowed as [string, ...string[]], {
    error: (issue) =>
      typeof issue.input === "string"
        ? `${issue.input}: not a choice (choose among ${allowed.join(", ")})`
        : "each choice must be text",
  });
}

/** A multiple_choice: a list of its choices (each once), at least `min` when required. */
export function multipleChoiceRule(field: FieldDefinition): z.ZodType<string[], string[]> {
  const message = fieldMessage(field);
  return z
    .array(choiceEntry(field), {
      error: typeMessage(`${message} (a list of choices)`, "must be a list of choices"),
    })
    .max(200, "too many choices")
    .transform((values: string[]) => [...new Set(values.filter((value) => value !== ""))])
    .superRefine((values, context) => {
      const min = field.required ? Math.max(field.min ?? 1, 1) : (field.min ?? 0);
      if (values.length < min) context.addIssue({ code: "custom", message });
    });
}

/** "a, b ,, c" -> "a, b, c": a comma-separated free list as the spec's hint asks for it. */
export const commaList = (text: string) =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "")
    .join(", ");

/** Issues of a cross-field rule name the field, as the form's own rules do. */
export const fieldIssue = (context: z.RefinementCtx, field: string, message: string) =>
  context.addIssue({ code: "custom", path: [field], message });
