/**
 * One string for each text the held tables repeat. An organisation-year's prepared tables name the
 * same providers and facilities in several tables (querie1, 2, 3 and 6 each list the market's
 * rendering NPIs), and every organisation of a market names the same ones; a kept file read back
 * makes a string of each. At 500 organisations those were about 26,000 strings and 1 MB of each
 * organisation-year's 3.2 MB: held once, an organisation-year holds its codes and the slots of its
 * values (bench/README.md, the 500-organisation phase, session 25).
 */
import { registerCache } from "../caches/registry.ts";

/** About twice the texts of a 500-organisation market; past it the pool starts again (held tables keep theirs). */
const MAX_TEXTS = 100_000;

let texts = new Map<string, string>();

registerCache({ name: "internedTexts", size: () => texts.size, max: () => MAX_TEXTS });

/** The one string held for `value`'s text (the value itself when it is not a text). */
export function internedText<Value>(value: Value): Value {
  if (typeof value !== "string") return value;
  const held = texts.get(value);
  if (held !== undefined) return held as Value;
  if (texts.size >= MAX_TEXTS) texts = new Map();
  texts.set(value, value);
  return value;
}
