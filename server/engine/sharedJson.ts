/**
 * The values many answers carry unchanged: the filter dialog's lists of an organisation-year
 * (filterLists.ts), which querie1-4 put in every answer as they are held. In the 500-organisation
 * market they are 250 kB of JSON per answer (3,655 providers, 832 facilities), most of querie2-4's
 * answers, written and compressed again by every uncached answer. A shared value's text is written
 * and compressed once, on its first answer, and its compressed frame reused while the value is held
 * (a WeakMap: it goes with the value): an answer's body is its own text's frames with those frames
 * between them (http/encodedBody.ts; zstd reads a body's frames one after the other as one text).
 * Held compressed, a list is a quarter to a fifth of its text (zstd 2 over three organisation-years'
 * lists of the 500-organisation market: 176-182 kB of providers -> 42-44 kB, 64-69 kB of facilities
 * -> 12 kB). A shared value must not change once shared.
 */
import { type JsonParts, zstdFrame } from "../http/encodedBody.ts";

const frames = new WeakMap<object, Uint8Array | null>();

/** Marks `value` as carried unchanged by many answers: its JSON text is written and compressed once. */
export function shareJson<Value extends object>(value: Value): Value {
  if (!frames.has(value)) frames.set(value, null);
  return value;
}

/** JSON.stringify(value) as parts: a shared value's compressed frame, written on its first use. */
function valueParts(value: unknown): string | Uint8Array {
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  const frame = frames.get(value);
  if (frame === undefined) return JSON.stringify(value);
  if (frame !== null) return frame;
  const written = zstdFrame(JSON.stringify(value));
  frames.set(value, written);
  return written;
}

/**
 * JSON.stringify(record) for a plain object as parts (http/encodedBody.ts), each field's value
 * written by `fieldParts` (by default its JSON, a shared value's frame reused: its own fields only,
 * one level, where answers put the lists). Fields whose value JSON leaves out (undefined, a
 * function, a symbol) are left out, as JSON.stringify does.
 */
export function recordJsonParts(
  record: object,
  fieldParts: (key: string, value: unknown) => string | Uint8Array | JsonParts = (_key, value) =>
    valueParts(value),
): JsonParts {
  if (Array.isArray(record) || "toJSON" in record) return [JSON.stringify(record)];
  const parts: JsonParts = ["{"];
  for (const [key, value] of Object.entries(record))
    if (value !== undefined && typeof value !== "function" && typeof value !== "symbol") {
      parts.push(`${parts.length > 1 ? "," : ""}${JSON.stringify(key)}:`);
      const written = fieldParts(key, value);
      if (Array.isArray(written)) parts.push(...written);
      else parts.push(written);
    }
  parts.push("}");
  return parts;
}
