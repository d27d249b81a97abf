import { join } from "node:path";
import { z } from "zod";
import type { DuckDb } from "../duckdb/open.ts";
import { SERVICE_LINE_LABELS, SERVICE_LINES } from "./filters.ts";
import { type SqlRunner, sqlNumber, sqlRunner, sqlText, sqlTextOrNull } from "./sqlRunner.ts";

const choiceRow = z.object({
  kind: z.enum(["facility", "provider"]),
  npi: sqlText,
  name: sqlTextOrNull,
  zipcode: sqlTextOrNull,
  cases: sqlNumber,
});

/** The folder of filter_lists.sql. */
export const FILTER_LISTS_DIR = join(import.meta.dir, "sql");

/**
 * The "Lists" of the query results (customer-area.md section 3): the choices of the filter dialog
 * for service lines, facilities and providers of the service area's market.
 */
export async function filterLists(duck: DuckDb) {
  return filterListsFrom(sqlRunner(duck, FILTER_LISTS_DIR));
}

/** The same lists through any runner of the engine's SQL files (the benchmark's PostgreSQL one). */
export async function filterListsFrom(sql: SqlRunner) {
  const rows = await sql.rows("filter_lists.sql", choiceRow);
  return {
    service_list: SERVICE_LINES.map((line) => ({ value: line, label: SERVICE_LINE_LABELS[line] })),
    facilities_name_list: rows
      .filter((row) => row.kind === "facility")
      .map((row) => ({ npi: row.npi, name: row.name ?? row.npi, zipcode: row.zipcode })),
    providers_name_list: rows
      .filter((row) => row.kind === "provider")
      .map((row) => ({ npi: row.npi, name: row.name ?? row.npi })),
  };
}

export type FilterLists = Awaited<ReturnType<typeof filterListsFrom>>;
