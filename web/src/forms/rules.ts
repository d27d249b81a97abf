import { formatMessage, REQUIRED_MESSAGE } from "../../../server/forms/formatWords.ts";
import { isValidNpi } from "../../../server/reference/npi.ts";
import type { Choice, FormField, FormValues } from "./types.ts";

/**
 * The rules of a server-delivered form, read from its field definitions (admin-area.md section 5):
 * required values, formats, lengths, multiple-choice minimums, which fields show, which choices a
 * field offers and which fields a change empties. Pure, so the renderer and its tests share it; the
 * server enforces the same definitions.
 */

export { REQUIRED_MESSAGE };

/** 'Please fill out this field', plus what the format means when the field has one (formatWords.ts). */
export function fieldMessage(field: FormField): string {
  return formatMessage(field.format);
}

const FORMAT_CHECKS: Record<NonNullable<FormField["format"]>, (value: string) => boolean> = {
  email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  npi: isValidNpi,
  zip: (value) => /^\d{5}$/.test(value),
  number: (value) => /^\d+$/.test(value),
  onlyletter: (value) => /^\p{L}[\p{L} '.-]*$/u.test(value),
  year: (value) => /^\d{4}$/.test(value),
  // At least 8 characters with an upper case letter, a lower case letter, a digit and ! or @.
  password: (value) =>
    value.length >= 8 && /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value) && /[!@]/.test(value),
};

/**
 * What typing leaves in a field: number keeps digits only; onlyletter keeps letters, with the
 * spaces, hyphens, apostrophes and dots real names carry (O'Neil, Van Buren), as the server accepts.
 */
export function normalizeInput(field: FormField, value: string): string {
  if (field.format === "number") return value.replace(/\D/g, "");
  if (field.format === "onlyletter") return value.replace(/[^\p{L} '.-]/gu, "");
  return value;
}

/** Whether a field shows (and counts) with these values: its shown_when condition, if any. */
export function isShown(field: FormField, values: FormValues): boolean {
  if (!field.shown_when) return true;
  const other = values[field.shown_when.field];
  return Array.isArray(other)
    ? other.includes(field.shown_when.includes)
    : other === field.shown_when.includes;
}

/**
 * The choices a field offers: its own, those of the value of the field it depends on, or (for
 * choices only the screen knows, like the organisation's location names) the ones passed in.
 */
export function choicesOf(field: FormField, values: FormValues, extra?: Record<string, Choice[]>): Choice[] {
  if (extra?.[field.name]) return extra[field.name] ?? [];
  if (field.dependsOn) {
    const key = values[field.dependsOn.field];
    return typeof key === "string" ? (field.dependsOn.choices[key] ?? []) : [];
  }
  return field.choices ?? [];
}

const isEmpty = (value: FormValues[string] | undefined) =>
  value === undefined ||
  (typeof value === "string" && value.trim() === "") ||
  (Array.isArray(value) && value.length === 0);

/** The message for one field's value, or null when it passes. Hidden fields always pass. */
export function fieldError(field: FormField, values: FormValues): string | null {
  if (!isShown(field, values) || field.readonly) return null;
  const value = values[field.name];
  if (field.type === "boolean") return null;
  if (field.type === "multiple_choice") {
    const count = Array.isArray(value) ? value.length : 0;
    const min = field.min ?? (field.required ? 1 : 0);
    return count < min ? fieldMessage(field) : null;
  }
  if (isEmpty(value)) return field.required ? fieldMessage(field) : null;
  const text = String(value).trim();
  if (field.minlength !== undefined && text.length < field.minlength) return fieldMessage(field);
  if (field.maxlength !== undefined && text.length > field.maxlength) return fieldMessage(field);
  if (field.format && !FORMAT_CHECKS[field.format](text)) return fieldMessage(field);
  if (field.type === "date" && !/^\d{4}-\d{2}-\d{2}$/.test(text)) return fieldMessage(field);
  return null;
}

/** Every failing field's message, by field name (what @mantine/form's validate answers). */
export function formErrors(fields: FormField[], values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const message = fieldError(field, values);
    if (message) errors[field.name] = message;
  }
  return errors;
}

/**
 * Why the form's Submit/Update is disabled, in words beside the button: the labels of the fields
 * that fail, in the form's order ("Fill in or correct: City, State, Zip code, Works at."), or null
 * when every field passes. A long form (the provider's) puts the fields' own messages out of sight.
 */
export function blockedBy(fields: FormField[], values: FormValues): string | null {
  const labels = fields.filter((field) => fieldError(field, values) !== null).map((field) => field.label);
  return labels.length === 0 ? null : `Fill in or correct: ${labels.join("; ")}.`;
}

export const emptyValueOf = (field: FormField): FormValues[string] => {
  if (field.type === "multiple_choice") return [];
  if (field.type === "boolean") return false;
  return "";
};

/**
 * A form's starting values: the entity's (an edit) or the field defaults (an add); null and
 * missing read as empty, and number/onlyletter values are normalised as typing would.
 */
export function initialValues(fields: FormField[], entity?: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const given = entity ? entity[field.name] : undefined;
    const source = given === undefined || given === null ? (entity ? undefined : field.default) : given;
    values[field.name] = coerce(field, source);
  }
  return values;
}

function coerce(field: FormField, value: unknown): FormValues[string] {
  if (value === undefined || value === null) return emptyValueOf(field);
  if (field.type === "multiple_choice") return Array.isArray(value) ? value.map(String) : [String(value)];
  if (field.type === "boolean") return value === true || value === "Yes" || value === "true";
  return normalizeInput(field, String(value));
}

/** The values to merge into a form from a look-up: only fields it has and the look-up answers. */
export function mergeValues(
  fields: FormField[],
  values: FormValues,
  found: Record<string, unknown>,
): FormValues {
  const next = { ...values };
  for (const field of fields) {
    const value = found[field.name];
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value) && value.length === 0) continue;
    next[field.name] = coerce(field, value);
  }
  return next;
}

/** The fields a change of `name` empties: those whose clears_on names it. */
export function fieldsClearedBy(fields: FormField[], name: string): FormField[] {
  return fields.filter((field) => field.clears_on === name);
}

/**
 * A field's change as the form applies it: the normalised value, then every field that clears on
 * it emptied (and, in turn, those that clear on them).
 */
export function applyChange(
  fields: FormField[],
  values: FormValues,
  name: string,
  value: FormValues[string],
): FormValues {
  const field = fields.find((candidate) => candidate.name === name);
  const next = {
    ...values,
    [name]: field && typeof value === "string" ? normalizeInput(field, value) : value,
  };
  if (JSON.stringify(next[name]) === JSON.stringify(values[name])) return next;
  const pending = [name];
  const seen = new Set(pending);
  while (pending.length > 0) {
    const changed = pending.shift() as string;
    for (const cleared of fieldsClearedBy(fields, changed)) {
      if (seen.has(cleared.name)) continue;
      seen.add(cleared.name);
      next[cleared.name] = emptyValueOf(cleared);
      pending.push(cleared.name);
    }
  }
  return next;
}

/**
 * What is sent: every field's value trimmed; a hidden field sends its empty value, so a box hidden
 * again is not stored with stale text.
 */
export function payloadOf(
  fields: FormField[],
  values: FormValues,
): Record<string, string | string[] | boolean> {
  const payload: Record<string, string | string[] | boolean> = {};
  for (const field of fields) {
    if (field.readonly) continue;
    const value = isShown(field, values) ? (values[field.name] ?? emptyValueOf(field)) : emptyValueOf(field);
    payload[field.name] = typeof value === "string" ? value.trim() : value;
  }
  return payload;
}

/** The city/zip pairs of a form: a field whose api_other names its city. */
export function localePairs(fields: FormField[]): { city: string; zip: string }[] {
  return fields
    .filter((field) => field.api_other && fields.some((other) => other.name === field.api_other))
    .map((field) => ({ city: field.api_other as string, zip: field.name }));
}

/**
 * The form field a server refusal is about: its path's last name, an entry's index left out
 * (`provider.speciality.1` is the speciality field; `facility.npi` the npi field).
 */
export const formFieldOfError = (path: string): string =>
  path
    .split(".")
    .filter((segment) => !/^\d+$/.test(segment))
    .pop() ?? path;

/**
 * Whether an add form looks its field's value up on its own (the NPI): a complete, valid value not
 * already looked up on its own - one request per value, however often the effect runs for it. An
 * edit looks up only from the search button.
 */
export function autoLookUp(state: { editing: boolean; ready: boolean; value: string; last?: string }) {
  return !state.editing && state.ready && state.value !== state.last;
}
