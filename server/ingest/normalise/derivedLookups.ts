import { type DuckDb, quoteLiteral } from "../../duckdb/open.ts";
import {
  type Category,
  type CodeRange,
  categories,
  categoryRanges,
} from "../../reference/codes/categories.ts";
import { payerClasses } from "../../reference/codes/payerClasses.ts";
import { serviceLines } from "../../reference/codes/serviceLines.ts";
import { settings } from "../../reference/codes/settingRules.ts";

/**
 * ENUM types of the derived text columns of market_cases. Parquet stores an ENUM column as the
 * same UTF-8 string column as a VARCHAR one (read back as VARCHAR, same values), but DuckDB's
 * writer then takes each value's dictionary index as it is instead of hashing the string: about
 * 0.04 CPU-s per column per million rows saved, five columns. The column statistics of such a
 * column span the type's values (still true bounds, only looser), which is why `kind` has a type
 * of its one value.
 */
export const outputTypes = {
  category: "canonical_category",
  serviceLine: "canonical_service_line",
  setting: "canonical_setting",
  payerClass: "canonical_payer_class",
} as const;

const enumOf = (values: readonly string[]) => `ENUM(${values.map(quoteLiteral).join(", ")})`;

/** A one-value ENUM: a constant column (the market kind) written without hashing, exact statistics. */
export const constantEnum = (value: string) => `CAST(${quoteLiteral(value)} AS ${enumOf([value])})`;

export async function createOutputTypes(duck: DuckDb) {
  await duck.run(`
    CREATE TYPE IF NOT EXISTS ${outputTypes.category} AS ${enumOf(categories)};
    CREATE TYPE IF NOT EXISTS ${outputTypes.serviceLine} AS ${enumOf(serviceLines)};
    CREATE TYPE IF NOT EXISTS ${outputTypes.setting} AS ${enumOf(settings)};
    CREATE TYPE IF NOT EXISTS ${outputTypes.payerClass} AS ${enumOf(payerClasses)};`);
}

const digits = "0123456789";
const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * Every code of a range: the codes of its shape (digit or letter at each position) from low to
 * high, which are exactly the codes `code_shape(code) = shape AND code BETWEEN low AND high`
 * matches (for one shape, string order is the odometer's order).
 */
export function codesOfRange(range: Pick<CodeRange, "low" | "high">): string[] {
  if (/^[0-9]+$/.test(range.low)) {
    // Digits only (nearly every range): the numbers between, zero-padded.
    const codes: string[] = [];
    for (let code = Number(range.low); code <= Number(range.high); code++)
      codes.push(String(code).padStart(range.low.length, "0"));
    return codes;
  }
  const alphabets = [...range.low].map((char) => {
    if (digits.includes(char)) return digits;
    if (letters.includes(char)) return letters;
    throw new Error(`code range ${range.low}-${range.high}: only digits and capital letters`);
  });
  const codes: string[] = [];
  const code = [...range.low];
  for (;;) {
    const text = code.join("");
    if (text > range.high) break;
    codes.push(text);
    let position = code.length - 1;
    for (; position >= 0; position--) {
      const alphabet = alphabets[position]!;
      const next = alphabet.indexOf(code[position]!) + 1;
      if (next < alphabet.length) {
        code[position] = alphabet[next]!;
        break;
      }
      code[position] = alphabet[0]!;
    }
    if (position < 0) break;
    if (codes.length > 1_000_000) throw new Error(`code range ${range.low}-${range.high} is too wide`);
  }
  return codes;
}

/** The category of every code that has one: the first range, in table order, that holds it. */
export function categoryOfEveryCode(): Map<string, Category> {
  const categoryOf = new Map<string, Category>();
  for (const range of [...categoryRanges].sort((a, b) => a.rank - b.rank))
    for (const code of codesOfRange(range)) if (!categoryOf.has(code)) categoryOf.set(code, range.category);
  return categoryOf;
}

/**
 * One lookup of every CPT/HCPCS code and every MS-DRG that has a category (about 60,000 codes of
 * 5 characters and 32 of 3), with the category's service line and surgical flag as the output
 * types: the writer joins lines to it without first collecting the file's distinct codes, so one
 * scan of the file can derive and write. A code missing here has no category, as with the range
 * join of reference/codes/derive.ts (the same rule; a test compares the two on every code).
 */
export async function prepareEveryCodeLookups(duck: DuckDb) {
  await createOutputTypes(duck);
  const categoryOf = categoryOfEveryCode();
  // The codes and their categories as one bound text each: 60,000 bound values would cost more
  // than building the table.
  await duck.run(
    `CREATE OR REPLACE TEMP TABLE every_code_category AS
     SELECT unnest(string_split($1, ',')) AS code, unnest(string_split($2, ',')) AS category`,
    [[...categoryOf.keys()].join(","), [...categoryOf.values()].join(",")],
  );
  await duck.run(`
    CREATE OR REPLACE TEMP TABLE every_code_derived AS
    SELECT code.code, CAST(category AS ${outputTypes.category}) AS category,
           CAST(service_line.service_line AS ${outputTypes.serviceLine}) AS service_line, service_line.is_surgical
    FROM (SELECT code, category FROM every_code_category
          UNION ALL
          SELECT lpad(CAST(n AS VARCHAR), 3, '0'), any_value(range.category)
          FROM ref_drg_category AS range, range(range.low, range.high + 1) AS t(n) GROUP BY n) AS code
    JOIN ref_service_line AS service_line USING (category)`);
}

/**
 * The join to add to `FROM <relation> AS <alias>` (columns cpt and drg, normalised) once the
 * lookup exists: a line with a CPT takes the CPT's category (none when it matches nothing), only
 * a line without a CPT its MS-DRG's. One join on coalesce(cpt, drg) does both (two joins cost 10%
 * of the whole write): a valid CPT has 5 characters and a DRG 3, so neither matches the other's
 * entries; a file with a 3-character CPT is refused before its output is used.
 */
export const everyCodeJoins = (alias: string) => `
  LEFT JOIN every_code_derived AS code_derived ON code_derived.code = coalesce(${alias}.cpt, ${alias}.drg)`;

/** category, service_line and is_surgical of a line, over everyCodeJoins. */
export const everyCodeColumns = `
  code_derived.category, code_derived.service_line, coalesce(code_derived.is_surgical, false) AS is_surgical`;
