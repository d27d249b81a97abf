import type { DuckDb } from "../../duckdb/open.ts";

/** Normalised text forms shared by the practice and market tables (section 2 rules). */
export const zip5 = (column: string) => `left(replace(${column}, '-', ''), 5)`;
/** A 4-digit bill type loses its leading 0 ("0831" -> "831"). */
export const billType3 = (column: string) =>
  `CASE WHEN length(${column}) = 4 THEN ${column}[2:] ELSE ${column} END`;
export const drg3 = (column: string) => `lpad(${column}, 3, '0')`;
export const wholeNumber = (column: string, fallback: number) =>
  `coalesce(CAST(CAST(${column} AS DOUBLE) AS INTEGER), ${fallback})`;
export const money = (column: string) => `CAST(${column} AS DECIMAL(18, 2))`;

/**
 * Writes a query to Parquet. COPY takes no bound target, so the path is quoted here; it is always
 * one this code generated under the data folder, never a user's file name.
 */
export async function copyToParquet(duck: DuckDb, query: string, path: string) {
  const target = `'${path.replaceAll("'", "''")}'`;
  await duck.run(`COPY (${query}) TO ${target} (FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE 122880)`);
}
