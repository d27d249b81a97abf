import { type DuckDb, quoteIdent } from "../../duckdb/open.ts";
import { type Stage, trimmedOrNull } from "../stage.ts";
import { countedValuesSql } from "../validate.ts";

/** Normalised text forms shared by the practice and market tables (section 2 rules). */
export const zip5 = (column: string) => `left(replace(${column}, '-', ''), 5)`;
/** A 4-character bill type loses its leading 0 ("0831" -> "831"); a letter frequency code is upper-cased. */
export const billType3 = (column: string) =>
  `upper(CASE WHEN length(${column}) = 4 THEN ${column}[2:] ELSE ${column} END)`;
export const drg3 = (column: string) => `lpad(${column}, 3, '0')`;
export const wholeNumber = (column: string, fallback: number) =>
  `coalesce(CAST(CAST(${column} AS DOUBLE) AS INTEGER), ${fallback})`;
export const money = (column: string) => `CAST(${column} AS DECIMAL(18, 2))`;
/** Units as read: 0 or blank count as 1 (section 9: a line that happened). */
export const unitsOf = (column: string) =>
  `coalesce(nullif(CAST(CAST(${column} AS DOUBLE) AS INTEGER), 0), 1)`;
export const upper = (column: string) => `upper(${column})`;
export const lower = (column: string) => `lower(${column})`;

/**
 * Column expressions for the writing pass over `stage.rawView` (text as read). A by-value column
 * (counted per distinct value by the validation pass) is read as is when no distinct value of it
 * would be changed by trimming and normalising, else trimmed and normalised per row; a column
 * the validation did not count is always trimmed and normalised. The decision costs one query on
 * the column's distinct values.
 */
export function leanColumns(duck: DuckDb, stage: Stage) {
  const counted = (column: string) => stage.valueMasks?.[column] !== undefined;
  const everyValue = async (column: string, condition: string) => {
    const [row] = await duck.all<{ holds: boolean | null }>(
      `SELECT bool_and(${condition}) AS holds FROM (${countedValuesSql(stage, column)})`,
    );
    return row?.holds !== false;
  };
  const perRow = (column: string, expression: (value: string) => string) =>
    expression(trimmedOrNull(quoteIdent(column)));
  return {
    /** A text column, normalised by `normalise` (identity by default). */
    async text(column: string, normalise: (value: string) => string = (value) => value) {
      if (counted(column) && (await everyValue(column, `${normalise("value")} IS NOT DISTINCT FROM raw`)))
        return quoteIdent(column);
      return perRow(column, normalise);
    },
    /**
     * A column typed by `convert`; when every value is plain digits as read, by `direct` (a
     * cheaper conversion valid for those) on the raw column.
     */
    async integer(column: string, convert: (value: string) => string, direct = convert) {
      if (
        counted(column) &&
        (await everyValue(column, "raw IS NULL OR regexp_full_match(raw, '[0-9]{1,9}')"))
      )
        return direct(quoteIdent(column));
      return perRow(column, convert);
    },
  };
}

/**
 * Writes a query to Parquet. COPY takes no bound target, so the path is quoted here; it is always
 * one this code generated under the data folder, never a user's file name.
 */
export async function copyToParquet(duck: DuckDb, query: string, path: string) {
  const target = `'${path.replaceAll("'", "''")}'`;
  await duck.run(`COPY (${query}) TO ${target} (FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE 122880)`);
}
