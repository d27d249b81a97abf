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

/**
 * The dotted path of the first string (value or key) holding U+0000, if any. Iterative, with each
 * path made only when it is answered: a recursion per level that copied its path each time made a
 * deep value quadratic in time and overflowed the stack.
 */
export function nullCharacterPath(value: unknown): string | undefined {
  type Visit = { value: unknown; parent: Visit | undefined; key: string | undefined };
  const pathOf = (visit: Visit) => {
    const keys: string[] = [];
    for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) keys.push(at.key);
    return keys.reverse().join(".") || "body";
  };
  const stack: Visit[] = [{ value, parent: undefined, key: undefined }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === "string") {
      if (current.includes("\u0000")) return pathOf(visit);
    } else if (current && typeof current === "object" && !(current instanceof Blob)) {
      const entries = Array.isArray(current)
        ? current.map((item, index) => [String(index), item] as const)
        : Object.entries(current);
      // Pushed last to first, each key above its value: looked at in the order a recursion would,
      // so the field named is the first one holding U+0000.
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index]!;
        stack.push({ value: item, parent: visit, key });
        if (!Array.isArray(current)) stack.push({ value: key, parent: visit, key });
      }
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
