/**
 * querie11's slices of the market (market_slices.sql) and its zips (zip_demand.sql), for every
 * service line and service-area type: they depend on the organisation-year's data only, so they are
 * read once per data version, kept in a file beside the derived files (keptJson.ts, written by the
 * data pipeline through the plugin's prepare step) and in a bounded memory cache, and each run
 * narrows them to its lines and types in JavaScript. Without kept values (a test's bound rows)
 * they are read on every run.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { ColumnTable, keepAll, keepWhere } from "../../server/engine/columnTable.ts";
import { heldValues } from "../../server/engine/derived/heldKept.ts";
import { type KeptValues, keptAs, keptJson, keptPath } from "../../server/engine/derived/keptJson.ts";
import {
  type KernelContext,
  sqlNumber,
  sqlText,
  sqlTextList,
  sqlTextOrNull,
} from "../../server/engine/index.ts";
import type { ZipDemandRow } from "./growth.ts";

const sliceRow = z.object({
  period: z.enum(["today", "reference"]),
  service_line: sqlText,
  area_types: sqlTextList,
  is_customer: z.boolean(),
  setting: sqlTextOrNull,
  leaked: z.boolean(),
  provider: sqlTextOrNull,
  outside: z.boolean(),
  facility_npi: sqlTextOrNull,
  facility: sqlTextOrNull,
  cases: sqlNumber,
  paid: sqlNumber,
  paid_cases: sqlNumber,
});
export type SliceRow = z.infer<typeof sliceRow>;
const zipRow = z.object({
  zipcode: sqlText,
  area_types: sqlTextList,
  population: sqlNumber.nullable(),
  projected_population_5y: sqlNumber.nullable(),
  service_line: sqlTextOrNull,
  cases: sqlNumber,
});

/** The slices as columns (ColumnTable: a few thousand rows over a few hundred distinct values), the zips as rows. */
interface GrowthSlices {
  slices: ColumnTable<SliceRow>;
  zips: ZipDemandRow[];
}
/** What a kept file must hold: the slices' columns (ColumnTable.fromKept) and the zips' rows. */
const keptSlices = z.object({
  slices: keptAs((kept) => ColumnTable.fromKept<SliceRow>(kept, sliceRow)),
  zips: z.array(zipRow),
}) satisfies z.ZodType<GrowthSlices>;
/** The kept file's form, in its key: rows before 2, the slices as columns since. */
const KEPT_FORM = 2;

const sqlHash = createHash("sha256")
  .update(
    ["market_slices.sql", "zip_demand.sql"]
      .map((file) => readFileSync(join(import.meta.dir, file)))
      .join("\0"),
  )
  .digest("hex");

/** About the bytes held: the slices' columns and the zips' rows. */
const bytesOf = (value: GrowthSlices) => 1 + value.slices.bytes() + value.zips.length * 120;

/**
 * Kept file's path -> slices (heldKept.ts). As rows they were about 0.4 MB each at 1m and 1.7 MB at
 * 500 organisations, whose kept file of 1.8 MB of rows took about 20 ms to read back.
 */
const held = heldValues<GrowthSlices>("growthSlices", bytesOf);

async function readSlices(sql: KernelContext["sql"]): Promise<GrowthSlices> {
  // One connection runs one statement at a time: read one after the other.
  const slices = await sql.rows("market_slices.sql", sliceRow);
  const zips = await sql.rows("zip_demand.sql", zipRow);
  return { slices: ColumnTable.fromRows(Object.keys(sliceRow.shape), slices), zips };
}

/** Every line's and type's slices and zips of the bound organisation-year. */
export async function organisationYearSlices(
  sql: KernelContext["sql"],
  files: KeptValues | undefined,
): Promise<GrowthSlices> {
  if (!files) return readSlices(sql);
  const path = keptPath(files, "querie11_slices", [files.data, sqlHash, KEPT_FORM]);
  return held.get(path, () => keptJson(path, () => readSlices(sql), keptSlices));
}

/** Forgets the slices held in memory (a test's "another process"). */
export function forgetGrowthSlices() {
  held.forget();
}

const hasChosenType = (areaTypes: readonly string[], types: ReadonlySet<string>) =>
  areaTypes.some((type) => types.has(type));

/** M's slices for the chosen lines and service-area types (market_base's rule on the kept rows). */
export function narrowSlices(
  slices: ColumnTable<SliceRow>,
  lines: readonly string[],
  areaTypes: readonly string[],
): SliceRow[] {
  const chosenLines = new Set(lines);
  const chosenTypes = new Set(areaTypes);
  const keep = keepWhere(keepAll(slices.length), slices.column("service_line"), (line) =>
    chosenLines.has(line as string),
  );
  return slices.rows(
    keepWhere(keep, slices.column("area_types"), (types) => hasChosenType(types as string[], chosenTypes)),
  );
}

/**
 * The zips of the chosen service-area types, each with its chosen types and its cases per chosen
 * line, in zip and line order; a zip without a case of those lines keeps one row with service_line
 * null and no case (its population still shows on the map).
 */
export function narrowZips(
  zips: readonly ZipDemandRow[],
  lines: readonly string[],
  areaTypes: readonly string[],
): ZipDemandRow[] {
  const chosenLines = new Set(lines);
  const chosenTypes = new Set(areaTypes);
  const narrowed: ZipDemandRow[] = [];
  let index = 0;
  while (index < zips.length) {
    const zipcode = zips[index]!.zipcode;
    const rows: ZipDemandRow[] = [];
    for (; index < zips.length && zips[index]!.zipcode === zipcode; index += 1) rows.push(zips[index]!);
    const first = rows[0]!;
    const types = first.area_types.filter((type) => chosenTypes.has(type));
    if (types.length === 0) continue;
    const ofLines = rows.filter((row) => row.service_line !== null && chosenLines.has(row.service_line));
    if (ofLines.length === 0) narrowed.push({ ...first, area_types: types, service_line: null, cases: 0 });
    else for (const row of ofLines) narrowed.push({ ...row, area_types: types });
  }
  return narrowed;
}
