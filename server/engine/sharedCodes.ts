/**
 * One typed array for codes of the same bytes held by several tables. The prepared tables of
 * querie3 and querie6 (and partly querie1's) have the same rows in the same order, so several of
 * their columns' codes are equal byte for byte: read from their kept files, each would be a copy.
 * Held by weak references: an array lives as long as a table holds it, and its entry goes with it.
 */
import { registerCache } from "../caches/registry.ts";

/** Codes as columnTable.ts holds them. */
type Codes = Uint8Array | Uint16Array | Int32Array;

/** Entries at most (arrays of the held tables: a few per table); past it the index starts again. */
const MAX_ARRAYS = 50_000;

let arrays = new Map<string, WeakRef<Codes>>();
const collected = new FinalizationRegistry<string>((key) => {
  if (arrays.get(key)?.deref() === undefined) arrays.delete(key);
});

registerCache({ name: "sharedCodes", size: () => arrays.size, max: () => MAX_ARRAYS });

const bytesOf = (codes: Codes) => new Uint8Array(codes.buffer, codes.byteOffset, codes.byteLength);

/** The array held for codes of these bytes (`codes` itself when none is). */
export function sharedCodes<Held extends Codes>(codes: Held): Held {
  // A small table's codes cost less than their entry here.
  if (codes.length < 1024) return codes;
  const bytes = bytesOf(codes);
  const key = `${codes.constructor.name}:${codes.length}:${Bun.hash(bytes)}`;
  const held = arrays.get(key)?.deref();
  if (
    held !== undefined &&
    held.constructor === codes.constructor &&
    Buffer.from(bytesOf(held)).equals(bytes)
  )
    return held as Held;
  if (arrays.size >= MAX_ARRAYS) arrays = new Map();
  arrays.set(key, new WeakRef(codes));
  collected.register(codes, key);
  return codes;
}
