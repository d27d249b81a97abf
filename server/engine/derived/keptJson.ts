/**
 * Values computed from an organisation-year's data and kept as JSON beside its derived files (a
 * value holding typed arrays, the prepared tables' codes, has their bytes after its JSON text:
 * `keptBytes`; the file keeps its `.json` name): the filter dialog's lists, querie9's outmigration
 * flows, the service area's polygons, the prepared tables. Each costs
 * 20-60 ms of DuckDB or JavaScript to make (at 1m) and is the same until the data changes, so the
 * data pipeline makes them with the derived files (prepareFiles.ts) and a new server process reads
 * them instead of making them again on its first request. The name carries a hash of everything
 * the value is made from (`key`): new data, new name; older versions are removed once old enough.
 * Written beside the target and renamed over it, so a reader sees no file or a whole one; on a full
 * disk the value is answered without being kept.
 */
import { createHash } from "node:crypto";
import { closeSync, fstatSync, openSync, readSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { isStorageFull, warnOnce } from "../../http/storageFull.ts";
import { writeVersioned } from "./versionedFiles.ts";

/** Where an organisation-year's kept values go: its derived folder. */
export interface KeptValues {
  dir: string;
  /** What every value also depends on besides its own key: the zip polygons' file version. */
  zipPolygons: string;
  /**
   * The organisation-year's data version (organisationInputs.ts `dataKey`: the market, practice and
   * demographics files' stamps, the profile and the years): a value made from all of its data keys
   * on it instead of fingerprinting the rows on every run.
   */
  data: string;
}

/**
 * The file of `name` for `key` (everything the value is made from). Callers keep what they read in
 * memory under this path: it names the organisation-year and the data, so a value held in memory
 * was kept in its file.
 */
export const keptPath = (kept: KeptValues, name: string, key: unknown) =>
  join(
    kept.dir,
    `${name}-${createHash("sha256").update(JSON.stringify(key)).digest("hex").slice(0, 24)}.json`,
  );

const ARRAY_KINDS = {
  u8: Uint8Array,
  u16: Uint16Array,
  i32: Int32Array,
  u32: Uint32Array,
  f64: Float64Array,
} as const;
type ArrayKind = keyof typeof ARRAY_KINDS;
type KeptArray = InstanceType<(typeof ARRAY_KINDS)[ArrayKind]>;
/** A typed array's kind as kept, or undefined for any other value (a Buffer is not one: it is JSON'd). */
const kindOf = (item: unknown): ArrayKind | undefined =>
  ArrayBuffer.isView(item) && !Buffer.isBuffer(item)
    ? (Object.keys(ARRAY_KINDS) as ArrayKind[]).find((kind) => item.constructor === ARRAY_KINDS[kind])
    : undefined;
/** The first bytes of a kept file whose value holds typed arrays (a JSON text starts otherwise). */
const WITH_ARRAYS = "\u0000kept-arrays-1\n";
const WITH_ARRAYS_BYTES = new TextEncoder().encode(WITH_ARRAYS);
const utf8 = new TextDecoder();

/**
 * A value's bytes as kept: its JSON text, and when it holds typed arrays (prepared tables' codes,
 * columnTable.ts), those arrays' bytes after it instead of in the text: a marker line, the JSON
 * text's length as a line, the JSON text with `{"$array": i, "kind", "length"}` for the i-th array
 * (an array held in several places written once, each place naming its i), then the arrays' bytes
 * one after another. Read back, an array is a copy of its bytes, with no
 * text to decode: a prepared table's file was mostly its codes as base64, a third larger, parsed
 * in 1.1-1.7 ms where this takes 0.4-0.55 (500-organisation market, bench/README.md).
 */
export function keptBytes(value: unknown): string | Uint8Array {
  const arrays: KeptArray[] = [];
  const indexOf = new Map<KeptArray, number>();
  const text = JSON.stringify(value, (_key, item: unknown) => {
    const kind = kindOf(item);
    if (kind === undefined) return item;
    const array = item as KeptArray;
    let index = indexOf.get(array);
    if (index === undefined) {
      index = arrays.push(array) - 1;
      indexOf.set(array, index);
    }
    return { $array: index, kind, length: array.length };
  });
  if (arrays.length === 0) return text;
  const head = new TextEncoder().encode(`${WITH_ARRAYS}${Buffer.byteLength(text)}\n${text}`);
  const bytes = new Uint8Array(arrays.reduce((sum, array) => sum + array.byteLength, head.byteLength));
  bytes.set(head);
  let offset = head.byteLength;
  for (const array of arrays) {
    bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offset);
    offset += array.byteLength;
  }
  return bytes;
}

/** A kept file's value from its bytes (keptBytes' layout, or plain JSON); throws when damaged. */
export function valueOfKeptBytes(bytes: Uint8Array): unknown {
  const withArrays =
    bytes.byteLength > WITH_ARRAYS_BYTES.byteLength &&
    WITH_ARRAYS_BYTES.every((byte, index) => bytes[index] === byte);
  if (!withArrays) return JSON.parse(utf8.decode(bytes));
  const lengthEnd = bytes.indexOf(0x0a, WITH_ARRAYS_BYTES.byteLength);
  const textLength = Number(utf8.decode(bytes.subarray(WITH_ARRAYS_BYTES.byteLength, lengthEnd)));
  const textStart = lengthEnd + 1;
  if (!Number.isInteger(textLength) || textStart + textLength > bytes.byteLength) throw new Error("damaged");
  let offset = textStart + textLength;
  const read: KeptArray[] = [];
  /**
   * The next array's bytes, copied (a view would keep the whole file, its text too, in memory), or
   * an array read before: one held in several places of the value (columns sharing their codes) is
   * kept once and read back as one.
   */
  const nextArray = (placeholder: { $array: unknown; kind: unknown; length: unknown }) => {
    const { $array, kind, length } = placeholder;
    if (typeof kind !== "string" || !Object.hasOwn(ARRAY_KINDS, kind)) throw new Error("damaged");
    if (typeof length !== "number" || !Number.isInteger(length) || length < 0) throw new Error("damaged");
    const Kind = ARRAY_KINDS[kind as ArrayKind];
    if (typeof $array === "number" && $array < read.length) {
      const earlier = read[$array]!;
      if (!(earlier instanceof Kind) || earlier.length !== length) throw new Error("damaged");
      return earlier;
    }
    if ($array !== read.length) throw new Error("damaged");
    const end = offset + length * Kind.BYTES_PER_ELEMENT;
    if (end > bytes.byteLength) throw new Error("damaged");
    // (ArrayBuffer's slice: a Buffer's own slice is a view.)
    const array = new Kind(
      (bytes.buffer as ArrayBuffer).slice(bytes.byteOffset + offset, bytes.byteOffset + end),
    );
    offset = end;
    read.push(array);
    return array;
  };
  // A walk of the parsed text, not JSON.parse's reviver: a reviver is called for every value, and
  // the distinct values' lists are most of the text (a third more time to read a kept file).
  const resolve = (node: unknown): unknown => {
    if (typeof node !== "object" || node === null) return node;
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) {
        const item = node[index];
        if (typeof item === "object" && item !== null) node[index] = resolve(item);
      }
      return node;
    }
    if ("$array" in node) return nextArray(node as Parameters<typeof nextArray>[0]);
    const record = node as Record<string, unknown>;
    for (const key in record) record[key] = resolve(record[key]);
    return record;
  };
  const value = resolve(JSON.parse(utf8.decode(bytes.subarray(textStart, offset))));
  if (offset !== bytes.byteLength) throw new Error("damaged");
  return value;
}

/**
 * A kept file's part as read by `read` (a table's or flow table's `fromKept`, which throws when the
 * form does not fit): a schema, so that a part that does not fit makes the file not read.
 */
export const keptAs = <Value>(read: (kept: unknown) => Value) =>
  z.unknown().transform((kept, context) => {
    try {
      return read(kept);
    } catch (error) {
      context.addIssue({ code: "custom", message: String(error) });
      return z.NEVER;
    }
  });

/**
 * The value kept at `path` when it is there and fits `schema` (a file of another version's shape,
 * or damaged, is not read); nothing is made here.
 */
export function readKept<Value>(path: string, schema: z.ZodType<Value>): Value | undefined {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return undefined; // Not kept (or not readable: as if not kept).
  }
  try {
    const parsed = schema.safeParse(valueOfKeptBytes(readAll(fd)));
    if (parsed.success) return parsed.data;
  } catch {
    // Unreadable: as if not kept.
  } finally {
    closeSync(fd);
  }
  return undefined;
}

/** Files up to this size are read into the reused buffer; a larger one gets its own. */
const REUSED_MAX_BYTES = 64 * 1_048_576;
let reused = new Uint8Array(0);

/**
 * The whole file's bytes, in one buffer reused from read to read (valid until the next read): what
 * is read from them is copied (valueOfKeptBytes copies each array and decodes the text). A fresh
 * buffer of the file's size for each read, on every run whose values are not held, cost the
 * 500-organisation phase 7.0-7.2 ms of CPU per uncached answer against 6.6 (bench/README.md,
 * session 30).
 */
function readAll(fd: number): Uint8Array {
  const size = fstatSync(fd).size;
  let into = reused;
  if (size > into.byteLength) {
    into = new Uint8Array(size);
    if (size <= REUSED_MAX_BYTES) reused = into;
  }
  let read = 0;
  while (read < size) {
    const got = readSync(fd, into, read, size - read, read);
    if (got === 0) break;
    read += got;
  }
  return into.subarray(0, read);
}

/**
 * The value kept at `path`, or `make`'s, written there. What is read must fit `schema`: a file of
 * another version's shape, or damaged, is made again.
 */
export async function keptJson<Value>(
  path: string,
  make: () => Promise<Value> | Value,
  schema: z.ZodType<Value>,
): Promise<Value> {
  const kept = readKept(path, schema);
  if (kept !== undefined) return kept;
  const value = await make();
  try {
    await writeVersioned(path, (partial) => writeFileSync(partial, keptBytes(value)));
  } catch (error) {
    // A full disk: the value is still the answer, only not kept (writeVersioned removed its part);
    // the next run makes it again. Any other failure is a fault to see.
    if (!isStorageFull(error)) throw error;
    warnOnce(path, "kept values: a value not written, the disk is full; made again on each run");
  }
  return value;
}
