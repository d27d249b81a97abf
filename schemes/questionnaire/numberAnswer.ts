/**
 * The rule of a numeric answer, shared by the server schema and the web form (no dependencies, like
 * conditions.ts). The questionnaire tells the customer to "write NA when you do not know", so a
 * number field takes NA too: any case, stored as "NA". Stored as text like every answer, NA reads
 * as "not known" wherever a number is wanted (the macro capabilities count it as no value, null).
 */
export const NOT_KNOWN = "NA";

/** Digits with an optional decimal part: FTEs and rates can be fractional (2.5 navigators). */
const NUMBER = /^\d+(\.\d+)?$/;

/** "na", " Na " -> "NA"; any other text unchanged (trimmed). */
export const normaliseNumberAnswer = (text: string): string =>
  text.trim().toUpperCase() === NOT_KNOWN ? NOT_KNOWN : text.trim();

export const isNotKnown = (text: string): boolean => normaliseNumberAnswer(text) === NOT_KNOWN;

/** A well-formed numeric answer: NA, or a number not above `max` when the field has one. */
export function isNumberAnswer(text: string, max?: number): boolean {
  const value = normaliseNumberAnswer(text);
  if (value === NOT_KNOWN) return true;
  return NUMBER.test(value) && (max === undefined || Number(value) <= max);
}
