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

/**
 * About the filter lists' entries of a 500-organisation market (about 4,500 providers and
 * facilities) a few times over; past it the pool starts again (held lists keep theirs).
 */
const MAX_ENTRIES = 50_000;

let entries = new Map<string, object>();

registerCache({ name: "internedEntries", size: () => entries.size, max: () => MAX_ENTRIES });

/**
 * One frozen object for each filter-list entry of the same fields and texts: every organisation of
 * a market lists the same providers and facilities, each organisation-year's lists read from its
 * kept file made an object of each (500 organisation-years: 2.2 million objects for about 4,500).
 */
export function internedEntry<Entry extends Record<string, string | null>>(entry: Entry): Entry {
  const key = JSON.stringify(entry);
  const held = entries.get(key);
  if (held !== undefined) return held as Entry;
  if (entries.size >= MAX_ENTRIES) entries = new Map();
  for (const field in entry) entry[field] = internedText(entry[field]);
  Object.freeze(entry);
  entries.set(key, entry);
  return entry;
}
