import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { heldValues } from "./derived/heldKept.ts";
import { type KeptValues, keptJson, keptPath } from "./derived/keptJson.ts";
import { SERVICE_LINE_LABELS, SERVICE_LINES } from "./filters.ts";
import type { CanonicalInputs } from "./inputs.ts";
import { internedEntry } from "./internedTexts.ts";
import { shareJson } from "./sharedJson.ts";
import {
  type DuckSource,
  type SqlRunner,
  sqlNumber,
  sqlRunnerOnDemand,
  sqlText,
  sqlTextOrNull,
} from "./sqlRunner.ts";

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
 * Lists already computed, by the service-area slice's file they were read from. They depend on
 * nothing else (not on the request's filters), and a file's name carries a hash of everything it
 * was computed from (derived/derivedFiles.ts), so an entry never goes stale. Kernels spread them
 * into their results, which are cached and serialised, never changed (freezeEntries). Held as the
 * other values made once per organisation-year are (derived/heldKept.ts: bounded by
 * organisation-years and bytes, dropped when the organisation's data changes): in the
 * 500-organisation market an organisation-year's lists are 4,500 entries, about 250 kB of JSON.
 */
const heldLists = heldValues<FilterLists>("filterLists", listsBytes);

/**
 * About the bytes held: a slot per entry (the entries are held once for every organisation-year's
 * lists, internedTexts.ts internedEntry) and the lists' JSON text compressed once written
 * (sharedJson.ts: about a quarter of the text in the 500-organisation market).
 */
function listsBytes(lists: FilterLists) {
  let slots = 1;
  let text = 0;
  for (const list of Object.values(lists))
    for (const entry of list) {
      slots += 8;
      for (const value of Object.values(entry) as (string | null)[]) text += 12 + (value?.length ?? 0);
    }
  return slots + Math.ceil(text / 4);
}

/**
 * Each entry the one frozen object held for its fields and texts (internedTexts.ts), not the
 * arrays: a frozen array puts JSC's JSON.stringify on its slow path for the whole answer it is in
 * (querie1's 92 kB text: 0.5 ms -> 0.2 ms with the arrays unfrozen).
 */
function freezeEntries(lists: FilterLists): FilterLists {
  for (const list of Object.values(lists) as Record<string, string | null>[][])
    for (let index = 0; index < list.length; index++) list[index] = internedEntry(list[index]!);
  return lists;
}

/** Entries held once and each list's JSON text compressed once for every answer that carries it. */
const heldForAnswers = (lists: FilterLists) => {
  for (const list of Object.values(freezeEntries(lists))) shareJson(list);
  return lists;
};

/** The lists as kept in a file (keptJson.ts): read back only when they have this shape. */
const keptLists = z.object({
  service_list: z.array(z.object({ value: z.string(), label: z.string() })),
  facilities_name_list: z.array(
    z.object({ npi: z.string(), name: z.string(), zipcode: z.string().nullable() }),
  ),
  providers_name_list: z.array(z.object({ npi: z.string(), name: z.string() })),
});
const listsSqlHash = createHash("sha256")
  .update(readFileSync(join(FILTER_LISTS_DIR, "filter_lists.sql"), "utf8"))
  .digest("hex");

/**
 * The "Lists" of the query results (customer-area.md section 3): the choices of the filter dialog
 * for service lines, facilities and providers of the service area's market, made by `sql` (a runner
 * of FILTER_LISTS_DIR's files) when nowhere else. `areaFile` is the
 * derived file area_cases is bound to, when it is: the lists are then read once per file, and
 * with `kept` kept as a file beside it (written by the data pipeline, read by every process).
 */
export async function filterLists(
  sql: SqlRunner,
  areaFile?: string,
  kept?: KeptValues,
): Promise<FilterLists> {
  const make = () => filterListsFrom(sql);
  return areaFile ? heldFilterLists(areaFile, kept, make) : make();
}

/** The lists of the slice file `areaFile`: held, else kept (a file), else `make`'s. */
function heldFilterLists(
  areaFile: string,
  kept: KeptValues | undefined,
  make: () => Promise<FilterLists>,
): Promise<FilterLists> {
  return heldLists.get(areaFile, async () =>
    heldForAnswers(
      await (kept
        ? keptJson(keptPath(kept, "filter_lists", [areaFile, listsSqlHash]), make, keptLists)
        : make()),
    ),
  );
}

/** The lists made by their SQL through `sql`, a runner of FILTER_LISTS_DIR's files. */
async function filterListsFrom(sql: SqlRunner): Promise<FilterLists> {
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

export interface FilterLists {
  service_list: Array<{ value: string; label: string }>;
  facilities_name_list: Array<{ npi: string; name: string; zipcode: string | null }>;
  providers_name_list: Array<{ npi: string; name: string }>;
}

/** The organisation-year's lists, their SQL (when they are not kept) run on `duck`. */
export const listsOf = (duck: DuckSource, inputs: CanonicalInputs) =>
  filterLists(sqlRunnerOnDemand(duck, FILTER_LISTS_DIR), inputs.files.derived?.area_cases, inputs.kept);
