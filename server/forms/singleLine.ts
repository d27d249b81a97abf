import type { z } from "zod";

/**
 * A single-line text field (a name, a title) takes no control character: a CR/LF stored in a title
 * or a user's name ends up in mail headers, CSV cells and one-line log entries. C0 and C1 controls,
 * DEL and the Unicode line and paragraph separators are refused; textareas keep their line breaks.
 * Pure: the web's form rules may import it.
 */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;

export const CONTROL_CHARACTER_MESSAGE =
  "must be one line of text, without line breaks, tabs or control characters";

export const hasControlCharacter = (value: string) => CONTROL_CHARACTERS.test(value);

/** The check added to a single-line text schema (after its trim, so outer whitespace is only trimmed). */
export const singleLine = <Schema extends z.ZodType<string, unknown>>(schema: Schema) =>
  schema.refine((value) => !hasControlCharacter(value), { message: CONTROL_CHARACTER_MESSAGE });
