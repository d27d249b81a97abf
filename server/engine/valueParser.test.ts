import { expect, test } from "bun:test";
import { z } from "zod";
import { sqlNumber, sqlNumberOrZero, sqlText, sqlTextOrNull } from "./sqlRunner.ts";
import { valueParser } from "./valueParser.ts";

const schemas = {
  sqlText,
  sqlTextOrNull,
  sqlNumber,
  sqlNumberOrZero,
  boolean: z.boolean(),
  "boolean or null": z.boolean().nullable(),
  "text of 3 or more": z.string().min(3),
  integer: z.number().int(),
  number: z.number(),
  enum: z.enum(["IP", "OP"]),
  "text or null or null": z.string().nullable().nullable(),
  "number or bigint doubled": z.union([z.number(), z.bigint()]).transform((value) => Number(value) * 2),
};
const values: unknown[] = [
  "",
  "ab",
  "Hospital for Special Surgery",
  "IP",
  null,
  undefined,
  0,
  -1.5,
  42,
  10n,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  {},
  ["a"],
];

const outcome = (parse: () => unknown) => {
  try {
    return { value: parse() };
  } catch {
    return { refused: true };
  }
};

test("a kept value is answered as zod answers it, or refused as zod refuses it, for every schema", () => {
  for (const [name, schema] of Object.entries(schemas))
    for (const value of values)
      expect({ name, value, ...outcome(() => valueParser(schema)(value)) }).toEqual({
        name,
        value,
        ...outcome(() => schema.parse(value)),
      });
});
