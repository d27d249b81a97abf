import { type DuckDb, quoteIdent, quoteLiteral } from "../duckdb/open.ts";
import { escapeCell, escapeCellSql } from "../engine/export/escapeCell.ts";
import { columnReasonSql, OUTSIDE_CHOSEN_YEARS } from "./checks.ts";
import type { ErrorReport, IngestError, OutsideYears } from "./report.ts";
import { REPORT_LIMIT } from "./report.ts";
import { numberedRows, type Stage, trimmedOrNull } from "./stage.ts";

interface CheckSql {
  column: string;
  reasonSql: string;
  /** Checked on the column's distinct values (regexes, NPI check digits) rather than per row. */
  byValue: boolean;
}

/**
 * Checks whose cost is per value (regular expressions, the NPI Luhn sum) run once per distinct
 * value: codes, zips, NPIs and dates repeat a lot, so a 10m-line file has a few thousand of each.
 * Amounts (nearly all distinct, cheap casts), tokens and rules across columns run per row.
 */
const perRowChecks = new Set(["amount", "text", "token"]);

function checksOf(stage: Stage): CheckSql[] {
  const checks: CheckSql[] = [];
  for (const column of stage.spec.columns) {
    if (stage.waived.includes(column.name)) continue;
    const reasonSql = columnReasonSql(column);
    if (reasonSql) checks.push({ column: column.name, reasonSql, byValue: !perRowChecks.has(column.check) });
  }
  const rules = (stage.spec.rowRules ?? []).filter((rule) => !stage.waived.includes(rule.column));
  return [...checks, ...rules.map((rule) => ({ ...rule, byValue: false }))];
}

/** Unique keys compare as an analyst reads them: payer names ignore case, line "1" equals "1.0". */
function keyExpression(column: string) {
  if (column === "payer") return `lower(${quoteIdent(column)})`;
  if (column === "line") return `TRY_CAST(${quoteIdent(column)} AS DOUBLE)`;
  return quoteIdent(column);
}

/** Records the upload's years, which the date and year checks read. */
export async function setUploadYears(duck: DuckDb, years: number[]) {
  // No years: a whole extract, split by service year (section 9); each date must then fall in a data
  // year (2000 to next year, checks.ts), as a named year must: no year row nobody can use.
  await duck.run("CREATE OR REPLACE TEMP TABLE upload_years (year INTEGER)");
  for (const year of years) await duck.run("INSERT INTO upload_years VALUES ($1)", [year]);
}

/** The name a by-value column's raw (untrimmed) values have in value_counts_<table>. */
const rawName = (column: string) => quoteIdent(`__raw_${column}`);

/** The raw values of a by-value column as the validation pass counted them: `raw`, `value` (trimmed), `n`. */
export const countedValuesSql = (stage: Stage, column: string) => {
  const mask = stage.valueMasks?.[column];
  if (mask === undefined) throw new Error(`${column} of ${stage.label} was not counted by value`);
  return `SELECT ${rawName(column)} AS raw, ${trimmedOrNull(rawName(column))} AS value, n
    FROM value_counts_${stage.spec.name} WHERE grouping_mask = ${mask}`;
};

/** Where the validation pass left a stage's distinct values of a column (for lookups built later). */
export const distinctValuesSql = (stage: Stage, column: string) =>
  stage.valueMasks?.[column] === undefined
    ? `SELECT DISTINCT ${quoteIdent(column)} AS value FROM ${stage.view}`
    : `SELECT DISTINCT value FROM (${countedValuesSql(stage, column)})`;

/**
 * One scan of the file checks everything an accepted file needs: GROUPING SETS count the
 * distinct values of each by-value column (and of the unique key), per-row checks are summed,
 * and the grand total gives the row count. Reasons are then evaluated on those small counts.
 * By-value columns are grouped as read and trimmed once per distinct value; only the columns the
 * per-row checks and the key read are trimmed per row.
 */
async function countFailures(duck: DuckDb, stage: Stage, checks: CheckSql[]) {
  const byValueColumns = [...new Set(checks.filter((check) => check.byValue).map((check) => check.column))];
  const key = stage.spec.unique ?? [];
  const perRow = checks.filter((check) => !check.byValue);
  const rowColumns = stage.spec.columns
    .map((column) => column.name)
    .filter(
      (name) => key.includes(name) || perRow.some((check) => check.reasonSql.includes(quoteIdent(name))),
    );
  const grouped = [...byValueColumns.map(rawName), ...key.map((_, index) => `__key${index}`)];
  const rowFailures =
    perRow.map((check) => `CASE WHEN (${check.reasonSql}) IS NOT NULL THEN 1 ELSE 0 END`).join(" + ") || "0";
  const sets = [...byValueColumns.map((column) => `(${rawName(column)})`)];
  if (key.length > 0) sets.push(`(${key.map((_, index) => `__key${index}`).join(", ")})`);
  sets.push("()");
  const source = [
    ...byValueColumns.map((column) => `${quoteIdent(column)} AS ${rawName(column)}`),
    ...rowColumns.map((column) => `${trimmedOrNull(quoteIdent(column))} AS ${quoteIdent(column)}`),
  ];
  const table = `value_counts_${stage.spec.name}`;
  await duck.run(`
    CREATE OR REPLACE TEMP TABLE ${table} AS
    SELECT ${grouped.length > 0 ? `GROUPING(${grouped.join(", ")})` : "0"} AS grouping_mask,
           ${grouped.length > 0 ? `${grouped.join(", ")},` : ""} count(*) AS n, sum(row_failures) AS row_failures
    FROM (
      SELECT ${[...byValueColumns.map(rawName), ...key.map((column, index) => `${keyExpression(column)} AS __key${index}`)].join(", ")}
             ${grouped.length > 0 ? "," : ""} ${rowFailures} AS row_failures
      FROM (SELECT ${source.length > 0 ? source.join(", ") : "1 AS __none"} FROM ${stage.rawView})
    )
    GROUP BY GROUPING SETS (${sets.join(", ")})`);

  // GROUPING() sets bit (width - 1 - i) for each grouped column i that is NOT in the set.
  const width = grouped.length;
  const all = width > 0 ? 2 ** width - 1 : 0;
  const maskOf = (index: number) => all - 2 ** (width - 1 - index);
  stage.valueMasks = Object.fromEntries(byValueColumns.map((column, index) => [column, maskOf(index)]));

  const [totals] = await duck.all<{ rows: bigint; row_failures: bigint | null }>(
    `SELECT n AS rows, row_failures FROM ${table} WHERE grouping_mask = ${all}`,
  );
  stage.rows = Number(totals?.rows ?? 0);
  let total = Number(totals?.row_failures ?? 0);
  for (const check of checks.filter((entry) => entry.byValue)) {
    const [row] = await duck.all<{ n: bigint | null }>(
      `SELECT sum(n) AS n FROM (SELECT value AS ${quoteIdent(check.column)}, n FROM (${countedValuesSql(stage, check.column)}))
       WHERE (${check.reasonSql}) IS NOT NULL`,
    );
    total += Number(row?.n ?? 0);
  }
  let duplicates = 0;
  if (key.length > 0) {
    const keyMask = key.reduce(
      (mask, _, index) => mask - 2 ** (width - 1 - (byValueColumns.length + index)),
      all,
    );
    const notNull = key.map((_, index) => `__key${index} IS NOT NULL`).join(" AND ");
    const [row] = await duck.all<{ n: bigint | null }>(
      `SELECT sum(n - 1) AS n FROM ${table} WHERE grouping_mask = ${keyMask} AND n > 1 AND ${notNull}`,
    );
    duplicates = Number(row?.n ?? 0);
  }
  return { total: total + duplicates, duplicates };
}

/** A contract column as the user's file names it. */
export const userColumn = (stage: Stage, column: string) => stage.columnNames[column] ?? column;

/**
 * Every rule of the stage's table, set-based: one scan counts all failures (all an accepted file
 * pays); only when something failed is the file read again into `failures_<table>` (every failure,
 * with the user's column names) and `rejected_<table>` (each failing row with its reasons: what
 * skip_invalid sets aside). A missing required column is one error on row 0; the other columns are
 * still checked, so the report says everything at once.
 */
export async function validateStage(duck: DuckDb, stage: Stage): Promise<ErrorReport> {
  const table = stage.label;
  // One error per missing column, naming it and the file (section 9), never one per row.
  const missing: IngestError[] = stage.missingColumns.map((column) => {
    const file = stage.missingIn?.[column] ?? stage.origin ?? table;
    const others = stage.missingAlternatives?.[column] ?? [];
    const nor = others.length > 0 ? ` (nor ${others.join(" or ")})` : "";
    return {
      table,
      row: 0,
      column: userColumn(stage, column),
      reason: `${file} has no ${userColumn(stage, column)} column${nor}: it is required`,
    };
  });
  const checks = checksOf(stage);
  const { total, duplicates } = await countFailures(duck, stage, checks);
  if (total === 0)
    return { errors: missing, total: missing.length, invalidRows: 0, fileLevel: missing.length > 0 };

  const outside = await linesOutsideChosenYears(duck, stage);
  const outsideLines = outside.reduce((sum, item) => sum + item.lines, 0);
  const numbered = await numberedRows(duck, stage);
  const name = stage.spec.name;
  const failures = checks
    .map(
      (check, index) =>
        `{'i': ${index}, 'col': ${quoteLiteral(userColumn(stage, check.column))}, 'reason': (${check.reasonSql})}`,
    )
    .join(", ");
  const key = stage.spec.unique ?? [];
  const keyNames = key.map((column) => userColumn(stage, column)).join(", ");
  const expressions = key.map(keyExpression);
  const duplicateRows =
    duplicates > 0
      ? `UNION ALL
         SELECT _row, ${checks.length} AS i, ${quoteLiteral(keyNames)} AS col,
                'duplicate (' || ${quoteLiteral(keyNames)} || '): first given on row ' || first_row AS reason
         FROM (SELECT _row, min(_row) OVER (PARTITION BY ${expressions.join(", ")}) AS first_row
               FROM ${numbered} WHERE ${expressions.map((expression) => `${expression} IS NOT NULL`).join(" AND ")})
         WHERE _row <> first_row`
      : "";
  const rowFailures =
    checks.length > 0
      ? `SELECT _row, failure.i AS i, failure.col AS col, failure.reason AS reason
         FROM (SELECT _row, unnest([${failures}]) AS failure FROM ${numbered})
         WHERE failure.reason IS NOT NULL`
      : "SELECT NULL::BIGINT AS _row, NULL::INTEGER AS i, NULL::VARCHAR AS col, NULL::VARCHAR AS reason WHERE false";
  await duck.run(`
    CREATE OR REPLACE TEMP TABLE failures_${name} AS ${rowFailures} ${duplicateRows};
    CREATE OR REPLACE TEMP TABLE rejected_${name} AS
    SELECT _row, string_agg(col || ': ' || reason, '; ' ORDER BY i) AS reasons
    FROM failures_${name} GROUP BY _row;`);
  const rows = await duck.all<{ row: bigint; col: string; reason: string }>(
    `SELECT _row AS "row", col, reason FROM failures_${name}
     WHERE NOT starts_with(reason, ${quoteLiteral(OUTSIDE_CHOSEN_YEARS)})
     ORDER BY _row, i LIMIT ${REPORT_LIMIT}`,
  );
  const [invalid] = await duck.all<{ n: bigint }>(`SELECT count(*) AS n FROM rejected_${name}`);
  const where = await rowsOfParts(duck, stage);
  const errors = [
    ...missing,
    ...rows.map((row) => {
      const at = where(table, Number(row.row));
      // A duplicate's first row, in its own file's numbering (and named when another file).
      const reason = row.reason.replace(/first given on row (\d+)$/, (_all, first: string) => {
        const given = where(table, Number(first));
        return given.table === at.table
          ? `first given on row ${given.row}`
          : `first given on row ${given.row} of ${given.table}`;
      });
      return { ...at, column: row.col, reason };
    }),
  ];
  return {
    errors: errors.slice(0, REPORT_LIMIT),
    // Lines outside the chosen years are said once per year (the pipeline merges the tables).
    total: total - outsideLines + missing.length,
    invalidRows: Number(invalid?.n ?? 0),
    fileLevel: missing.length > 0,
    ...(outside.length > 0 ? { outsideYears: outside } : {}),
  };
}

/**
 * Where a row of the stage is: for a table given by several files, the file (named after the
 * table) and the row in that file; else the table and the row as numbered.
 */
async function rowsOfParts(duck: DuckDb, stage: Stage) {
  const parts = stage.parts ?? [];
  if (parts.length < 2) return (table: string, row: number) => ({ table, row });
  const ends: { origin: string; end: number }[] = [];
  let end = 0;
  for (const part of parts) {
    const [count] = await duck.all<{ n: bigint }>(`SELECT count(*) AS n FROM ${part.reader}`);
    end += Number(count?.n ?? 0);
    ends.push({ origin: part.origin, end });
  }
  return (table: string, row: number) => {
    const index = ends.findIndex((part) => row <= part.end);
    if (index < 0) return { table, row };
    const start = index > 0 ? ends[index - 1]!.end : 0;
    return { table: `${table} (${ends[index]!.origin})`, row: row - start };
  };
}

/**
 * The lines of each year the uploader did not tick (a data year: other dates are row errors), from
 * the distinct dates the validation pass counted: one figure per year, not one error per line.
 */
async function linesOutsideChosenYears(duck: DuckDb, stage: Stage): Promise<OutsideYears[]> {
  const found: OutsideYears[] = [];
  for (const column of stage.spec.columns) {
    if (column.check !== "date" || stage.waived.includes(column.name)) continue;
    const reasonSql = columnReasonSql(column);
    if (!reasonSql || stage.valueMasks?.[column.name] === undefined) continue;
    const c = quoteIdent(column.name);
    const rows = await duck.all<{ year: number; n: bigint }>(
      `SELECT year(TRY_CAST(${c} AS DATE)) AS year, sum(n) AS n
       FROM (SELECT value AS ${c}, n FROM (${countedValuesSql(stage, column.name)}))
       WHERE starts_with(coalesce((${reasonSql}), ''), ${quoteLiteral(OUTSIDE_CHOSEN_YEARS)})
       GROUP BY 1 ORDER BY 1`,
    );
    for (const row of rows)
      found.push({
        table: stage.label,
        column: userColumn(stage, column.name),
        year: Number(row.year),
        lines: Number(row.n),
      });
  }
  return found;
}

/**
 * One error per year found outside the years the uploader chose, its lines counted over every
 * table ("612 lines of 2023 are not in the years you chose (2025): ...").
 */
export function outsideYearErrors(reports: ErrorReport[], chosen: number[]): IngestError[] {
  const byYear = new Map<number, { lines: number; tables: string[]; columns: string[] }>();
  for (const item of reports.flatMap((report) => report.outsideYears ?? [])) {
    const entry = byYear.get(item.year) ?? { lines: 0, tables: [], columns: [] };
    entry.lines += item.lines;
    if (!entry.tables.includes(item.table)) entry.tables.push(item.table);
    if (!entry.columns.includes(item.column)) entry.columns.push(item.column);
    byYear.set(item.year, entry);
  }
  const years = [...chosen].sort((a, b) => a - b).join(", ");
  return [...byYear.entries()]
    .sort(([a], [b]) => a - b)
    .map(([year, entry]) => ({
      table: entry.tables.join(", "),
      row: 0,
      column: entry.columns.join(", "),
      reason: `${entry.lines} line${entry.lines === 1 ? "" : "s"} of ${year} ${entry.lines === 1 ? "is" : "are"} not in the years you chose (${years}): tick ${year} or upload the ${years} lines only`,
    }));
}

/**
 * After a refusal the uploader asked for (skip_invalid): the stage reads only the rows without
 * an error; `rejected_<table>` keeps the others with their reasons.
 */
export async function keepValidRows(duck: DuckDb, stage: Stage) {
  const numbered = await numberedRows(duck, stage);
  stage.allRows = numbered;
  const name = stage.spec.name;
  const exists = await duck.all("SELECT 1 FROM duckdb_tables() WHERE table_name = $1 AND temporary", [
    `rejected_${name}`,
  ]);
  if (exists.length === 0)
    await duck.run(`CREATE OR REPLACE TEMP TABLE rejected_${name} (_row BIGINT, reasons VARCHAR)`);
  const kept = `kept_${name}`;
  await duck.run(`CREATE OR REPLACE TEMP TABLE ${kept} AS
    SELECT * FROM ${numbered} WHERE _row NOT IN (SELECT _row FROM rejected_${name})`);
  stage.view = kept;
  stage.rawView = kept;
  stage.hasRowNumbers = true;
  stage.valueMasks = undefined;
}

/** The rows set aside from a stage, with their values under the user's column names. */
export async function rejectedRowsSql(duck: DuckDb, stage: Stage, numbered: string) {
  const name = stage.spec.name;
  const columns = stage.spec.columns
    .filter((column) => stage.columnNames[column.name] !== undefined)
    // The user's values and column names go back to a spreadsheet: a formula among them stays text.
    .map(
      (column) =>
        `${escapeCellSql(`n.${quoteIdent(column.name)}`)} AS ${quoteIdent(escapeCell(userColumn(stage, column.name)))}`,
    );
  const [count] = await duck.all<{ n: bigint }>(`SELECT count(*) AS n FROM rejected_${name}`);
  if (Number(count?.n ?? 0) === 0) return undefined;
  return `SELECT ${quoteLiteral(stage.label)} AS "table", r._row AS "row", ${escapeCellSql("r.reasons")} AS "reasons"${columns.length > 0 ? `, ${columns.join(", ")}` : ""}
    FROM rejected_${name} AS r JOIN ${numbered} AS n ON n._row = r._row`;
}
