import { type DuckDb, quoteIdent } from "../duckdb/open.ts";
import { columnReasonSql } from "./checks.ts";
import { type ErrorReport, type IngestError, REPORT_LIMIT } from "./report.ts";
import type { Stage } from "./stage.ts";

interface CheckSql {
  column: string;
  reasonSql: string;
}

function checksOf(stage: Stage): CheckSql[] {
  const checks: CheckSql[] = [];
  for (const column of stage.spec.columns) {
    const reasonSql = columnReasonSql(column);
    if (reasonSql) checks.push({ column: column.name, reasonSql });
  }
  return [...checks, ...(stage.spec.rowRules ?? [])];
}

/** Records the upload's years, which the date and year checks read. */
export async function setUploadYears(duck: DuckDb, years: number[]) {
  await duck.run("CREATE OR REPLACE TEMP TABLE upload_years (year INTEGER)");
  for (const year of years) await duck.run("INSERT INTO upload_years VALUES ($1)", [year]);
}

/**
 * Every rule of the stage's table, set-based: one aggregate scan counts all failures (the only
 * scan an accepted file pays); the first rows are listed only when something failed.
 */
export async function validateStage(duck: DuckDb, stage: Stage): Promise<ErrorReport> {
  const table = stage.label;
  if (stage.missingColumns.length > 0) {
    const errors = stage.missingColumns.map((column) => ({ table, row: 0, column, reason: "required column is missing" }));
    return { errors, total: errors.length };
  }
  const checks = checksOf(stage);
  const counts = checks.map((check) => `count(*) FILTER (WHERE (${check.reasonSql}) IS NOT NULL)`).join(" + ");
  const [summary] = await duck.all<{ total: bigint }>(`SELECT ${counts || "0"} AS total FROM ${stage.view}`);
  let total = Number(summary?.total ?? 0);
  let errors: IngestError[] = [];
  if (total > 0) {
    const failures = checks
      .map((check, index) => `{'i': ${index}, 'column': '${check.column}', 'reason': (${check.reasonSql})}`)
      .join(", ");
    const rows = await duck.all<{ row: bigint; column: string; reason: string }>(
      `SELECT _row AS row, failure.column AS column, failure.reason AS reason
       FROM (SELECT _row, unnest([${failures}]) AS failure FROM ${stage.view})
       WHERE failure.reason IS NOT NULL ORDER BY _row, failure.i LIMIT ${REPORT_LIMIT}`,
    );
    errors = rows.map((row) => ({ table, row: Number(row.row), column: row.column, reason: row.reason }));
  }
  const duplicates = await duplicateKeys(duck, stage);
  total += duplicates.total;
  errors = [...errors, ...duplicates.errors].sort((a, b) => a.row - b.row).slice(0, REPORT_LIMIT);
  return { errors, total };
}

/** Rows repeating a unique key (every occurrence after the first is an error). */
async function duplicateKeys(duck: DuckDb, stage: Stage): Promise<ErrorReport> {
  const key = stage.spec.unique;
  if (!key) return { errors: [], total: 0 };
  // Keys compare as an analyst would read them: payer names ignore case, line "1" equals "1.0".
  const keyExpressions = key.map((column) =>
    column === "payer"
      ? `lower(${quoteIdent(column)})`
      : column === "line"
        ? `TRY_CAST(${quoteIdent(column)} AS DOUBLE)`
        : quoteIdent(column),
  );
  const notNull = keyExpressions.map((expression) => `${expression} IS NOT NULL`).join(" AND ");
  const grouped = `SELECT ${keyExpressions.map((expression, index) => `${expression} AS k${index}`).join(", ")},
      min(_row) AS first_row, count(*) AS n
    FROM ${stage.view} WHERE ${notNull} GROUP BY ALL HAVING count(*) > 1`;
  const [summary] = await duck.all<{ total: bigint | null }>(`SELECT sum(n - 1) AS total FROM (${grouped})`);
  const total = Number(summary?.total ?? 0);
  if (total === 0) return { errors: [], total: 0 };
  const join = keyExpressions.map((expression, index) => `d.k${index} = ${expression}`).join(" AND ");
  const rows = await duck.all<{ row: bigint; first_row: bigint }>(
    `SELECT s._row AS row, d.first_row FROM ${stage.view} AS s JOIN (${grouped}) AS d ON ${join}
     WHERE s._row <> d.first_row ORDER BY s._row LIMIT ${REPORT_LIMIT}`,
  );
  return {
    total,
    errors: rows.map((row) => ({
      table: stage.label,
      row: Number(row.row),
      column: key.join(", "),
      reason: `duplicate (${key.join(", ")}): first given on row ${Number(row.first_row)}`,
    })),
  };
}
