import { rmSync } from "node:fs";
import { type DuckDb, quoteIdent, quoteLiteral } from "../../duckdb/open.ts";
import { columnReasonSql } from "../checks.ts";
import type { Check, ColumnSpec, MarketKind } from "../contract.ts";
import { type Stage, trimmedOrNull } from "../stage.ts";
import { billType3, copyToParquet, drg3, upper, zip5 } from "./common.ts";
import { outputTypes, prepareEveryCodeLookups } from "./derivedLookups.ts";
import { marketCasesQuery } from "./market.ts";

/** SQL over one column: `value` (as computed by `read`), `raw` (the text as read, not trimmed). */
interface ColumnSql {
  value: string;
  raw: string;
  years: number[];
}

/**
 * How the one-pass writer reads a column of each rule, for a file whose values are already in
 * their clean form (the usual case). `read` computes the value from the text as read (not
 * trimmed); `rowTest` must hold on each row where the text is not blank (and a required column
 * must not be blank), checked as the file is read; `written` is the value written, from `value`
 * (default: itself). `distinct` marks columns checked after the write instead, on the distinct
 * values of the written column: each must pass the column's rule and be its own trimmed and
 * `normalise`d form. Where `read` changes the text (bill type, DRG) it does so only for valid
 * texts and maps any other text to one that fails that test; so a file that passes is one the
 * validation pass accepts, and is written as the two-pass path writes it.
 */
interface OnePassRule {
  read: (c: string, years: number[]) => string;
  rowTest?: (column: ColumnSql) => string;
  written?: (value: string) => string;
  distinct?: { normalise: (value: string) => string };
}

const as = (value: string) => value;

const onePassRules: Partial<Record<Check, OnePassRule>> = {
  // Names repeat like codes: checked on the distinct values (not blank, no surrounding spaces).
  text: { read: as, distinct: { normalise: as } },
  // The upload's years as written: '2024', no spaces, no '2024.0'.
  year: {
    read: (c, years) =>
      `CASE ${c} ${years.map((year) => `WHEN ${quoteLiteral(String(year))} THEN ${Number(year)}`).join(" ")} END`,
    rowTest: ({ value }) => `${value} IS NOT NULL`,
  },
  // Plain digits: the integer written back as text is the text itself (no sign, zeros, spaces, '2.0').
  positiveInt: {
    read: (c) => `TRY_CAST(${c} AS INTEGER)`,
    rowTest: ({ value, raw }) => `${value} >= 1 AND CAST(${value} AS VARCHAR) = ${raw}`,
    written: (value) => `coalesce(${value}, 1)`,
  },
  // The decimal cast reads surrounding spaces as the validation pass does after trimming;
  // negative amounts (reversals) are valid (section 9).
  amount: {
    read: (c) => `TRY_CAST(${c} AS DECIMAL(18, 2))`,
    rowTest: ({ value }) => `${value} IS NOT NULL`,
  },
  // Cast to the output type, in the contract's case when not already (upper/lower only run for
  // those rows); the cast fails on anything else, a value with spaces included.
  setting: {
    read: (c) =>
      `coalesce(TRY_CAST(${c} AS ${outputTypes.setting}), CAST(upper(${c}) AS ${outputTypes.setting}))`,
  },
  payerClass: {
    read: (c) =>
      `coalesce(TRY_CAST(${c} AS ${outputTypes.payerClass}), CAST(lower(${c}) AS ${outputTypes.payerClass}), 'other')`,
  },
  // A valid ZIP+4 ("02134-1234", "021341234") is cut to its 5 digits; any other text stays.
  zip: {
    read: (c) =>
      `CASE WHEN length(${c}) = 5 THEN ${c} WHEN regexp_full_match(${c}, '[0-9]{5}-?[0-9]{4}') THEN left(${c}, 5) ELSE ${c} END`,
    distinct: { normalise: zip5 },
  },
  npi: { read: as, distinct: { normalise: as } },
  placeOfService: { read: as, distinct: { normalise: as } },
  cpt: { read: as, distinct: { normalise: upper } },
  // "0131" -> "131"; any other text stays, and only a 3-character type not starting with 0 passes.
  billType: {
    read: (c) => `CASE WHEN length(${c}) = 4 AND starts_with(${c}, '0') THEN ${c}[2:] ELSE ${c} END`,
    distinct: { normalise: billType3 },
  },
  // "47" -> "047"; any other text stays, and only 3 digits pass.
  drg: {
    read: (c) => `CASE WHEN length(${c}) BETWEEN 1 AND 2 THEN lpad(${c}, 3, '0') ELSE ${c} END`,
    distinct: { normalise: drg3 },
  },
};

/** A claim id is nearly unique per row: trimmed as read (cheaper than grouping), not checked. */
const trimmedAsRead: OnePassRule = { read: (c) => trimmedOrNull(c) };
const ruleOf = (column: ColumnSpec) =>
  column.name === "claim_id" && column.check === "text" ? trimmedAsRead : onePassRules[column.check];

/** Names of market_input columns that differ from the contract's. */
const inputName: Record<string, string> = { setting: "given_setting" };
const rawName = (column: string) => quoteIdent(`__raw_${column}`);

/** The rows as marketCasesQuery reads them, or an error at the first row the one pass cannot take. */
function checkedInput(stage: Stage, years: number[]) {
  const columns = stage.spec.columns.map((column) => ({ column, rule: ruleOf(column)! }));
  const tested = columns.filter(({ rule }) => rule.rowTest);
  const tests = tested.map(({ column, rule }) => {
    const test = rule.rowTest!({ value: quoteIdent(column.name), raw: rawName(column.name), years });
    return column.required ? `(${test})` : `(${rawName(column.name)} IS NULL OR (${test}))`;
  });
  // Rules across columns read the values, which are NULL exactly where the text is blank.
  tests.push(...(stage.spec.rowRules ?? []).map((rule) => `(${rule.reasonSql}) IS NULL`));
  const read = columns.map(
    ({ column, rule }) => `${rule.read(quoteIdent(column.name), years)} AS ${quoteIdent(column.name)}`,
  );
  const raws = tested.map(({ column }) => `${quoteIdent(column.name)} AS ${rawName(column.name)}`);
  const written = columns.map(
    ({ column, rule }) =>
      `${(rule.written ?? as)(quoteIdent(column.name))} AS ${quoteIdent(inputName[column.name] ?? column.name)}`,
  );
  return `(
    SELECT ${written.join(", ")}, NULL::VARCHAR AS revenue_code
    FROM (SELECT ${[...read, ...raws].join(", ")} FROM ${stage.rawView})
    WHERE CASE WHEN ${tests.length > 0 ? tests.join(" AND ") : "true"} THEN true
               ELSE error('one pass: a row needs the validation pass') END)`;
}

/**
 * Writes market_cases in one scan of the file, for a file that is valid and already clean, which
 * is what a market extract usually is; undefined when the file is not (nothing is left written):
 * the caller then runs the validation pass and the two-pass writer, which report every error and
 * normalise any value. The scan tests the per-row rules (year, cases, amounts, required texts, the
 * rules across columns) and stops at the first row that breaks one; the code columns are checked
 * afterwards on the distinct values of the written file (a few thousand, read from its
 * dictionaries), which costs far less than grouping them while the file is parsed.
 */
export async function writeMarketCasesOnePass(
  duck: DuckDb,
  stage: Stage,
  kind: MarketKind,
  years: number[],
  path: string,
): Promise<number | undefined> {
  if (stage.hasRowNumbers || stage.spec.columns.some((column) => !ruleOf(column))) return undefined;
  await prepareEveryCodeLookups(duck);
  try {
    await copyToParquet(duck, marketCasesQuery(checkedInput(stage, years), kind), path);
  } catch {
    // A row broke a rule, a value needs normalising, or the file cannot be read: the validation
    // pass will say which, with row numbers.
    rmSync(path, { force: true });
    return undefined;
  }
  if (!(await distinctValuesPass(duck, stage, path))) {
    rmSync(path, { force: true });
    return undefined;
  }
  const [count] = await duck.all<{ n: bigint }>("SELECT count(*) AS n FROM read_parquet($1)", [path]);
  stage.rows = Number(count?.n ?? 0);
  return stage.rows;
}

/** True when every distinct value of each `distinct` column passes its rule and is in its clean form. */
async function distinctValuesPass(duck: DuckDb, stage: Stage, path: string) {
  const parts = stage.spec.columns.flatMap((column) => {
    const distinct = ruleOf(column)?.distinct;
    if (!distinct) return [];
    const c = quoteIdent(column.name);
    const reason = columnReasonSql(column) ?? "NULL";
    const clean = `${trimmedOrNull(c)} IS NOT DISTINCT FROM ${c} AND ${distinct.normalise(c)} IS NOT DISTINCT FROM ${c}`;
    return [
      `SELECT ${quoteLiteral(column.name)} AS column_name FROM (SELECT ${c} FROM read_parquet($1) GROUP BY ALL)
       WHERE NOT coalesce((${reason}) IS NULL AND ${clean}, false)`,
    ];
  });
  if (parts.length === 0) return true;
  const failing = await duck.all(`SELECT column_name FROM (${parts.join(" UNION ALL ")}) LIMIT 1`, [path]);
  return failing.length === 0;
}
