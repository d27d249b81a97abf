/**
 * A column schema's parse of one value read back from a kept file, with zod's own parse only where
 * a plain check would not say the same. Prepared tables' columns are texts, texts or null,
 * booleans and `sqlNumber` (a number or a bigint, read as a number): for a value of the type the
 * schema takes, zod answers the value itself, so a `typeof` says it; anything else (another type,
 * a schema with checks, enums) goes to zod, which answers or throws as before. zod's parse of
 * such a value is 30-95 ns, and a table read back parses every distinct value of each column.
 */
import type { z } from "zod";

type Parse = (value: unknown) => unknown;

interface Def {
  type: string;
  checks?: unknown[];
  innerType?: { _zod: { def: Def } };
  in?: { _zod: { def: Def } };
  out?: { _zod: { def: Def } };
  options?: { _zod: { def: Def } }[];
  transform?: unknown;
}

const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;
const plain = (def: Def, type: string) => def.type === type && !def.checks?.length;

/** The `typeof` a value of `schema` has when zod answers it unchanged (undefined: no such type). */
function plainType(def: Def): { type: string; orNull: boolean } | undefined {
  if (plain(def, "string") || plain(def, "boolean")) return { type: def.type, orNull: false };
  if (def.type === "nullable" && def.innerType) {
    const inner = plainType(defOf(def.innerType));
    return inner && !inner.orNull ? { type: inner.type, orNull: true } : undefined;
  }
  // sqlNumber: a number or a bigint, transformed by Number (a finite number is its own Number).
  const options = def.type === "pipe" ? def.in && defOf(def.in).options?.map(defOf) : undefined;
  if (
    options?.length === 2 &&
    plain(options[0]!, "number") &&
    plain(options[1]!, "bigint") &&
    def.out &&
    defOf(def.out).transform === Number
  )
    return { type: "number", orNull: false };
  return undefined;
}

const parsers = new WeakMap<z.ZodType, Parse>();

/** `schema.parse`, with a plain check in front for values of the type it takes as they are. */
export function valueParser(schema: z.ZodType): Parse {
  let parse = parsers.get(schema);
  if (!parse) {
    const plainOf = plainType(defOf(schema));
    const full: Parse = (value) => schema.parse(value);
    if (!plainOf) parse = full;
    else {
      const { type, orNull } = plainOf;
      parse = (value) =>
        // A number must be finite, as zod's: a kept file's JSON has no other, a statement's may.
        (typeof value === type && (type !== "number" || Number.isFinite(value))) || (orNull && value === null)
          ? value
          : full(value);
    }
    parsers.set(schema, parse);
  }
  return parse;
}
