import type { Context } from "hono";
import { HttpError } from "./errors.ts";

/**
 * Text a request carries must be text we can store: PostgreSQL refuses U+0000 in a text column (a
 * 500 after the work is done, or a mail sent and then an error), and a body that is not UTF-8 would
 * otherwise be stored with U+FFFD in place of what the user typed. Both are refused up front,
 * naming the field, before anything is written.
 */
export const NULL_CHARACTER_MESSAGE = "must not contain a null character";
export const NOT_UTF8_DETAIL = "The request body is not valid UTF-8 text.";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** The request body as text; refused (400) when its bytes are not UTF-8. */
export async function readBodyText(c: Context): Promise<string> {
  const bytes = await c.req.arrayBuffer();
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new HttpError(400, NOT_UTF8_DETAIL, [{ field: "body", message: "must be UTF-8 text" }]);
  }
}

/** The dotted path of the first string (value or key) holding U+0000, if any. */
export function nullCharacterPath(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") || "body" : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nullCharacterPath(item, [...path, String(index)]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === "object" && !(value instanceof Blob)) {
    for (const [key, item] of Object.entries(value)) {
      const here = [...path, key];
      if (key.includes("\u0000")) return here.join(".");
      const found = nullCharacterPath(item, here);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Refuses a value holding U+0000 anywhere, naming the field. */
export function refuseNullCharacters(value: unknown): void {
  const field = nullCharacterPath(value);
  if (field !== undefined) {
    throw new HttpError(400, `${field}: ${NULL_CHARACTER_MESSAGE}`, [
      { field, message: NULL_CHARACTER_MESSAGE },
    ]);
  }
}
