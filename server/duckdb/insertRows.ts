import type { DuckDb, SqlValue } from "./open.ts";

/**
 * Inserts rows with bound values, one placeholder group per row, in statements of at most 500 rows
 * (one statement's parameters stay well under DuckDB's limits). `table` is the caller's own name,
 * never a request's value.
 */
export async function insertRows(duck: DuckDb, table: string, rows: SqlValue[][]) {
  const batch = 500;
  for (let start = 0; start < rows.length; start += batch) {
    const slice = rows.slice(start, start + batch);
    const width = slice[0]!.length;
    const groups = slice.map(
      (_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(", ")})`,
    );
    await duck.run(`INSERT INTO ${table} VALUES ${groups.join(", ")}`, slice.flat());
  }
}
