/**
 * The JSON texts of values many answers carry unchanged: the filter dialog's lists of an
 * organisation-year (filterLists.ts), which querie1-4 put in every answer as they are held. In the
 * 500-organisation market they are 250 kB of JSON per answer (3,655 providers, 832 facilities),
 * most of querie2-4's answers, written again by every uncached answer. A shared value's text is
 * written on its first answer and reused while the value is held (a WeakMap: it goes with the
 * value). A shared value must not change once shared.
 */
const texts = new WeakMap<object, string | null>();

/** Marks `value` as carried unchanged by many answers: its JSON text is written once. */
export function shareJson<Value extends object>(value: Value): Value {
  if (!texts.has(value)) texts.set(value, null);
  return value;
}

/** JSON.stringify(value), reusing a shared value's text. */
export function jsonText(value: unknown): string {
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  const text = texts.get(value);
  if (text === undefined) return JSON.stringify(value);
  if (text !== null) return text;
  const written = JSON.stringify(value);
  texts.set(value, written);
  return written;
}

/**
 * JSON.stringify(record) for a plain object, its shared values' texts reused (its own fields only,
 * one level: where answers put the lists). Fields whose value JSON leaves out (undefined, a
 * function, a symbol) are left out, as JSON.stringify does.
 */
export function recordJson(record: object): string {
  if (Array.isArray(record) || "toJSON" in record) return JSON.stringify(record);
  const fields: string[] = [];
  for (const [key, value] of Object.entries(record))
    if (value !== undefined && typeof value !== "function" && typeof value !== "symbol")
      fields.push(`${JSON.stringify(key)}:${jsonText(value)}`);
  return `{${fields.join(",")}}`;
}
