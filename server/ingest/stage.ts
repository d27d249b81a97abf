import { type DuckDb, quoteIdent, quoteLiteral } from "../duckdb/open.ts";
import { isStorageFull } from "../http/storageFull.ts";
import type { TableSpec } from "./contract.ts";
import type { TabularSource } from "./sources/collect.ts";

/** A table of the contract as read from one source, every value text, trimmed, blanks as NULL. */
export interface Stage {
  spec: TableSpec;
  /** The view the checks and the normalisation read: every contract column, trimmed, blanks NULL. */
  view: string;
  /**
   * The same columns as read (text, not trimmed): the validation pass groups by-value columns on
   * these and trims each distinct value once; the writing pass reads a column from here when the
   * validation saw no value that trimming or normalising would change.
   */
  rawView: string;
  /** The file the stage reads (for plain messages when it cannot be read). */
  format?: "csv" | "parquet";
  origin?: string;
  /** True when the view carries its own `_row` (the Tuva mapping); else see numberedRows(). */
  hasRowNumbers: boolean;
  /** The table name shown in reports. */
  label: string;
  /** Required contract columns the source does not have (reported on row 0). */
  missingColumns: string[];
  /** Each contract column present in the source, named as the user's file names it (for reports). */
  columnNames: Record<string, string>;
  /** For a missing column that other columns could have given: those (named in its error). */
  missingAlternatives?: Record<string, string[]>;
  /** Tuva claims: practice columns of the mapped lines waived because their source column is missing. */
  waivedInMapping?: string[];
  /** A table given by several files: the files missing each missing column (named in its error). */
  missingIn?: Record<string, string>;
  /** A table given by several files, in order: their row numbers in reports are each file's own. */
  parts?: { origin: string; reader: string }[];
  /** Columns not checked per row: missing ones (one error on row 0 says so) and ones given elsewhere. */
  waived: string[];
  /** Set by keepValidRows: every row of the table, numbered (the view then reads the valid ones). */
  allRows?: string;
  /** Rows of the table; counted by the validation pass. */
  rows: number;
  /** Set by the validation pass: GROUPING() mask of each by-value column in value_counts_<table>. */
  valueMasks?: Record<string, number>;
}

/** A file that cannot be read; its message is plain words for the user (no path, no engine text). */
export class UnreadableSource extends Error {}

/** The plain message for a source DuckDB could not read; the engine's own text goes to the log only. */
export function unreadable(origin: string, format: "csv" | "parquet", error: unknown): Error {
  // A full disk while DuckDB spills or writes is the server's, not the file's: passed on as it is.
  if (isStorageFull(error)) return error as Error;
  console.error(`ingest: ${origin} could not be read: ${(error as Error)?.message?.split("\n")[0]}`);
  const expected =
    format === "parquet"
      ? "a Parquet file"
      : "a comma-separated text file (UTF-8) with a header row and the same number of fields on every line";
  return new UnreadableSource(`${origin} cannot be read: it must be ${expected}`);
}

const csvOptions = "header = true, delim = ',', quote = '\"', escape = '\"'";

/** The columns of a source (names as written, and types for Parquet), read from its header only. */
export async function readHeader(duck: DuckDb, source: TabularSource) {
  try {
    return await duck.all<{ column_name: string; column_type: string }>(
      source.format === "parquet"
        ? "DESCRIBE SELECT * FROM read_parquet($1)"
        : `DESCRIBE SELECT * FROM read_csv($1, ${csvOptions}, all_varchar = true, sample_size = 1)`,
      [source.path],
    );
  } catch (error) {
    throw unreadable(source.origin, source.format, error);
  }
}

/**
 * Blank as NULL, surrounding spaces dropped. trim() is only called on values that start or end
 * with a space: trimming every cell costs as much as parsing the file.
 */
export const trimmedOrNull = (text: string) =>
  `CASE WHEN ${text} = '' THEN NULL WHEN starts_with(${text}, ' ') OR suffix(${text}, ' ') THEN nullif(trim(${text}), '') ELSE ${text} END`;

/** The select list that maps a source's columns onto a spec: text, trimmed, blanks as NULL. */
function stageColumns(columns: { column_name: string; column_type: string }[], spec: TableSpec) {
  const byName = new Map(columns.map((column) => [column.column_name.trim().toLowerCase(), column]));
  const missingColumns: string[] = [];
  const columnNames: Record<string, string> = {};
  const raw = spec.columns.map((column) => {
    const found = byName.get(column.name);
    if (found) columnNames[column.name] = found.column_name.trim();
    if (!found) {
      if (column.required) missingColumns.push(column.name);
      return { name: column.name, text: "NULL::VARCHAR" };
    }
    const source = quoteIdent(found.column_name);
    // Parquet dates and timestamps become YYYY-MM-DD text like a CSV's.
    const text = /^(DATE|TIMESTAMP)/.test(found.column_type)
      ? `strftime(CAST(${source} AS DATE), '%Y-%m-%d')`
      : found.column_type === "VARCHAR"
        ? source
        : `CAST(${source} AS VARCHAR)`;
    return { name: column.name, text };
  });
  const select = raw.map((column) => `${trimmedOrNull(column.text)} AS ${quoteIdent(column.name)}`);
  const rawSelect = raw.map((column) => `${column.text} AS ${quoteIdent(column.name)}`);
  return { select, rawSelect, missingColumns, columnNames };
}

/**
 * The stage of a source: a view reading the file itself, every value as text (so checks can name
 * bad cells), trimmed. Nothing is materialised: an accepted file is parsed once by the validation
 * pass and once by the normalisation, each a streaming scan, which is what keeps big files near
 * DuckDB's own CSV-to-Parquet speed. The path is one this code generated (never the user's name).
 */
export async function loadStage(
  duck: DuckDb,
  source: TabularSource,
  header: { column_name: string; column_type: string }[],
  spec: TableSpec,
  label: string,
): Promise<Stage> {
  return loadStageOfParts(duck, [{ source, header }], spec, label);
}

/** The reader of a source, its path one this code generated (never the user's name). */
const readerOf = (source: TabularSource) => {
  const path = quoteLiteral(source.path);
  return source.format === "parquet"
    ? `read_parquet(${path})`
    : `read_csv(${path}, ${csvOptions}, all_varchar = true, null_padding = false)`;
};

/**
 * The stage of one table given by one file or by several (an extract of several years sent as one
 * file per year, section 9): their rows one after the other, file by file. Payer classifications
 * repeated from file to file are read once (the same payer and class in every year's file).
 */
export async function loadStageOfParts(
  duck: DuckDb,
  parts: { source: TabularSource; header: { column_name: string; column_type: string }[] }[],
  spec: TableSpec,
  label: string,
): Promise<Stage> {
  const mapped = parts.map((part) => ({ ...part, ...stageColumns(part.header, spec) }));
  const [first] = mapped as [(typeof mapped)[number], ...typeof mapped];
  // Header names are the user's: they only ever appear as escaped identifiers (quoteIdent).
  const union = (columns: "select" | "rawSelect") =>
    mapped
      .map((part) => `SELECT ${part[columns].join(", ")} FROM ${readerOf(part.source)}`)
      .join(" UNION ALL ");
  const distinct = mapped.length > 1 && spec.name === "payor_classification" ? "DISTINCT " : "";
  const view = `stage_${spec.name}`;
  await duck.run(`CREATE OR REPLACE TEMP VIEW ${view} AS SELECT ${distinct}* FROM (${union("select")})`);
  await duck.run(
    `CREATE OR REPLACE TEMP VIEW ${view}_raw AS SELECT ${distinct}* FROM (${union("rawSelect")})`,
  );
  const missingColumns = [...new Set(mapped.flatMap((part) => part.missingColumns))];
  const missingIn = Object.fromEntries(
    missingColumns.map((column) => [
      column,
      mapped
        .filter((part) => part.missingColumns.includes(column))
        .map((part) => part.source.origin)
        .join(", "),
    ]),
  );
  return {
    spec,
    view,
    rawView: `${view}_raw`,
    hasRowNumbers: false,
    label,
    missingColumns,
    columnNames: Object.assign({}, ...mapped.map((part) => part.columnNames).reverse()),
    waived: [...missingColumns],
    rows: 0,
    format: first.source.format,
    origin: mapped.map((part) => part.source.origin).join(", "),
    ...(mapped.length > 1
      ? {
          missingIn,
          parts: distinct
            ? undefined
            : mapped.map((part) => ({ origin: part.source.origin, reader: readerOf(part.source) })),
        }
      : {}),
  };
}

/**
 * A relation of the stage with `_row`, the data row number (header not counted), for listing
 * errors. Only a refused file pays for it: the file is read once more into a table, whose
 * creation keeps the file's order, so rowid + 1 is the row number.
 */
export async function numberedRows(duck: DuckDb, stage: Stage): Promise<string> {
  if (stage.hasRowNumbers) return stage.view;
  const table = `numbered_${stage.spec.name}`;
  try {
    await duck.run(`CREATE OR REPLACE TEMP TABLE ${table} AS SELECT * FROM ${stage.view}`);
  } catch (error) {
    throw unreadable(stage.origin ?? stage.label, stage.format ?? "csv", error);
  }
  await duck.run(`CREATE OR REPLACE TEMP VIEW ${table}_rows AS SELECT rowid + 1 AS _row, * FROM ${table}`);
  return `${table}_rows`;
}

/** A stage view over a relation that already carries its row numbers in `_row` (the Tuva mapping). */
export async function stageRelation(
  duck: DuckDb,
  relation: string,
  spec: TableSpec,
  label: string,
  userNames: Record<string, string> = {},
): Promise<Stage> {
  const columns = await duck.all<{ column_name: string; column_type: string }>(`DESCRIBE ${relation}`);
  const { select, missingColumns, columnNames } = stageColumns(columns, spec);
  const view = `stage_${spec.name}`;
  await duck.run(`CREATE OR REPLACE TEMP VIEW ${view} AS SELECT _row, ${select.join(", ")} FROM ${relation}`);
  // The relation is small and materialised: its trimmed view serves as the raw one (trimming is idempotent).
  return {
    spec,
    view,
    rawView: view,
    hasRowNumbers: true,
    label,
    missingColumns,
    columnNames: { ...columnNames, ...userNames },
    waived: [...missingColumns],
    rows: 0,
  };
}
