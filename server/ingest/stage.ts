import { type DuckDb, quoteIdent } from "../duckdb/open.ts";
import type { TableSpec } from "./contract.ts";
import type { TabularSource } from "./sources/collect.ts";

/** A table of the contract as read from one source, every value text, trimmed, blanks as NULL. */
export interface Stage {
  spec: TableSpec;
  /** The view the checks and the normalisation read: _row plus every contract column. */
  view: string;
  /** The table name shown in reports. */
  label: string;
  /** Required contract columns the source does not have (reported on row 0). */
  missingColumns: string[];
  rows: number;
}

export class UnreadableSource extends Error {}

/**
 * Loads a source into a temporary table, once: the file is parsed a single time, and creating the
 * table keeps the file's order, so rowid + 1 is the data row number (header not counted).
 */
export async function loadRaw(duck: DuckDb, source: TabularSource, raw: string) {
  const reader =
    source.format === "parquet"
      ? "read_parquet($1)"
      : "read_csv($1, header = true, delim = ',', quote = '\"', escape = '\"', all_varchar = true, auto_detect = false, columns = NULL)";
  try {
    if (source.format === "parquet") {
      await duck.run(`CREATE OR REPLACE TEMP TABLE ${raw} AS SELECT * FROM ${reader}`, [source.path]);
    } else {
      // The header gives the columns; every value is read as text so checks can name bad cells.
      const header = await duck.all<{ column_name: string }>(
        "DESCRIBE SELECT * FROM read_csv($1, header = true, delim = ',', quote = '\"', escape = '\"', all_varchar = true, sample_size = 1)",
        [source.path],
      );
      const columns = header.map((column) => `${quoteIdent(column.column_name)}: 'VARCHAR'`).join(", ");
      await duck.run(
        `CREATE OR REPLACE TEMP TABLE ${raw} AS SELECT * FROM read_csv($1, header = true, delim = ',', quote = '"',
           escape = '"', columns = {${columns}}, auto_detect = false, null_padding = false)`,
        [source.path],
      );
    }
  } catch (error) {
    throw new UnreadableSource(`${source.origin} cannot be read: ${(error as Error).message.split("\n")[0]}`);
  }
  return duck.all<{ column_name: string; column_type: string }>(`DESCRIBE ${raw}`);
}

/** The header names of a source, lower-cased, to tell which table a bare CSV or Parquet file is. */
export async function sourceColumns(duck: DuckDb, raw: string) {
  const columns = await duck.all<{ column_name: string }>(`DESCRIBE ${raw}`);
  return columns.map((column) => column.column_name.trim().toLowerCase());
}

/** Creates the stage view of a loaded source for a table spec. */
export async function stageTable(
  duck: DuckDb,
  raw: string,
  spec: TableSpec,
  label: string,
  rowExpression = "rowid + 1",
): Promise<Stage> {
  const columns = await duck.all<{ column_name: string; column_type: string }>(`DESCRIBE ${raw}`);
  const byName = new Map(columns.map((column) => [column.column_name.trim().toLowerCase(), column]));
  const missingColumns: string[] = [];
  const select = spec.columns.map((column) => {
    const found = byName.get(column.name);
    if (!found) {
      if (column.required) missingColumns.push(column.name);
      return `NULL::VARCHAR AS ${quoteIdent(column.name)}`;
    }
    const source = quoteIdent(found.column_name);
    // Parquet dates and timestamps become YYYY-MM-DD text like a CSV's.
    const text = /^(DATE|TIMESTAMP)/.test(found.column_type)
      ? `strftime(CAST(${source} AS DATE), '%Y-%m-%d')`
      : `CAST(${source} AS VARCHAR)`;
    return `nullif(trim(${text}), '') AS ${quoteIdent(column.name)}`;
  });
  const view = `stage_${spec.name}`;
  await duck.run(`CREATE OR REPLACE TEMP VIEW ${view} AS SELECT ${rowExpression} AS _row, ${select.join(", ")} FROM ${raw}`);
  const [count] = await duck.all<{ rows: bigint }>(`SELECT count(*) AS rows FROM ${raw}`);
  return { spec, view, label, missingColumns, rows: Number(count?.rows ?? 0) };
}
