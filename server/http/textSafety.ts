import type { Context } from "hono";
import { type FieldError, fieldRefusal, HttpError } from "./errors.ts";
import { NOT_A_FIELD } from "./plainWords.ts";

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
    throw new HttpError(400, NOT_UTF8_DETAIL, [{ field: "body", message: NOT_UTF8_MESSAGE }]);
  }
}

export const NOT_UTF8_MESSAGE = "must be UTF-8 text";

/** A form field's bytes as text; refused (400, naming the field) when they are not UTF-8, as a JSON body is. */
export function fieldText(bytes: Uint8Array, field: string): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw fieldRefusal(field, NOT_UTF8_MESSAGE);
  }
}

/**
 * The first field a value must not carry, if any: a string (value or key) holding U+0000, or a
 * `__proto__` key - a JSON body's own key of that name passed the strict schemas silently (zod
 * skips it) and would set an object's prototype wherever the value is copied. Iterative, with a
 * path made only for the field answered: a recursion per level that copied its path each time
 * made a deep value quadratic in time and overflowed the stack.
 */
export function unsafeTextField(value: unknown): FieldError | undefined {
  type Visit = { value: unknown; parent: Visit | undefined; key: string | undefined; isKey?: boolean };
  const pathOf = (visit: Visit) => {
    const keys: string[] = [];
    for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) keys.push(at.key);
    return keys.reverse().join(".") || "body";
  };
  const stack: Visit[] = [{ value, parent: undefined, key: undefined }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (visit.isKey && current === "__proto__") return { field: pathOf(visit), message: NOT_A_FIELD };
    if (typeof current === "string") {
      if (current.includes("\u0000")) return { field: pathOf(visit), message: NULL_CHARACTER_MESSAGE };
    } else if (current && typeof current === "object" && !(current instanceof Blob)) {
      const entries = Array.isArray(current)
        ? current.map((item, index) => [String(index), item] as const)
        : Object.entries(current);
      // Pushed last to first, each key above its value: looked at in the order a recursion would,
      // so the field named is the first one at fault.
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index]!;
        stack.push({ value: item, parent: visit, key });
        if (!Array.isArray(current)) stack.push({ value: key, parent: visit, key, isKey: true });
      }
    }
  }
  return undefined;
}

/** Refuses a value holding U+0000 anywhere, or a `__proto__` key, naming the field. */
export function refuseUnsafeText(value: unknown): void {
  const found = unsafeTextField(value);
  if (found) throw fieldRefusal(found.field, found.message);
}
