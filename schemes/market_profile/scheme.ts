import { z } from "zod";
import { sqlNumber, sqlNumberOrZero, sqlTextOrNull } from "../../server/engine/sqlRunner.ts";
import { warehousePaths } from "../../server/ingest/storage.ts";
import { defineScheme, type SchemeContext } from "../../server/schemes/scheme.ts";
import { marketProfileResult } from "./result.ts";
import { buildMarketProfile, type DemographicsRow } from "./shape.ts";

const marketRow = z.object({
  period: z.enum(["current", "previous"]),
  category: sqlTextOrNull,
  is_surgical: z.boolean().nullable(),
  area_type: z.string(),
  market_volume: sqlNumber,
  customer_cases: sqlNumber,
  market_with_setting: sqlNumber,
  market_asc: sqlNumber,
  customer_with_setting: sqlNumber,
  customer_asc: sqlNumber,
});
const competitionRow = z.object({
  competitor_facilities: sqlNumber,
  competitor_surgeons: sqlNumber,
  customer_surgeons: sqlNumber,
  largest_competitor_facility: sqlTextOrNull,
  largest_competitor_facility_cases: sqlNumber,
  referred_by_customer_cases: sqlNumber,
  referred_retained_cases: sqlNumber,
  area_cases: sqlNumber,
  treated_in_area_cases: sqlNumber,
});
const demographicsRow = z.object({
  zips_covered: sqlNumber,
  zips: sqlNumber,
  population: sqlNumber,
  population_65_plus: sqlNumber,
  projected_population_5y: z.union([sqlNumber, z.null()]),
});

/**
 * The year's demographics (kind DEMO) live in the warehouse of the data folder the run's DuckDB is
 * confined to (server/ingest/storage.ts); the runtime binds no relation for them, so the scheme
 * reads the file itself when it exists.
 */
async function demographicsOf({ sql, year }: SchemeContext): Promise<DemographicsRow | null> {
  const [folder] = await sql.rows("data_dir.sql", z.object({ data_dir: sqlTextOrNull }));
  if (!folder?.data_dir) return null;
  const path = warehousePaths.demographics(folder.data_dir, year);
  const [present] = await sql.rows("demographics_present.sql", z.object({ files: sqlNumberOrZero }), {
    path,
  });
  if (!present?.files) return null;
  const [row] = await sql.rows("demographics.sql", demographicsRow, { path });
  return row ?? null;
}

export default defineScheme({
  id: "market_profile",
  kind: "MP",
  title: "Market profile",
  description:
    "Per category and for all surgical cases: the service area's market volume, the customer's cases and share, growth against the previous year; and the area's population, share aged 65+, competitor facilities and surgeons.",
  version: 1,
  dir: import.meta.dir,
  reads: [],
  result: marketProfileResult,
  async run(context) {
    const { sql, year, previousYear, profile, progress } = context;
    const notes: string[] = [];
    const market = await sql.rows("market.sql", marketRow, { with_previous: previousYear !== null });
    await progress(40, "market");
    const hasPrevious = previousYear !== null && market.some((row) => row.period === "previous");
    if (previousYear === null) notes.push(`No year before ${year}: growth is not available.`);
    else if (!hasPrevious)
      notes.push(`The ${previousYear} market data has no case in the service area: growth is not available.`);
    const practiceVolume = await sql.rows(
      "practice_volume.sql",
      z.object({ category: z.string(), volume: sqlNumber }),
    );
    const [competition] = await sql.rows("competition.sql", competitionRow);
    await progress(70, "competition");
    const demographics = await demographicsOf(context);
    if (!demographics) notes.push(`No demographics file for ${year}: population figures are not available.`);
    else if (demographics.zips_covered < demographics.zips)
      notes.push(
        `The ${year} demographics cover ${demographics.zips_covered} of the ${demographics.zips} service-area zips.`,
      );
    if (profile.serviceArea.length === 0)
      notes.push(`No service area for ${year}: every market figure is 0.`);
    return buildMarketProfile({
      year,
      previousYear: hasPrevious ? previousYear : null,
      market,
      practiceVolume,
      competition: competition!,
      demographics,
      serviceArea: profile.serviceArea,
      notes,
    });
  },
});
