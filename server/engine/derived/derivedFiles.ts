/**
 * The physical design of analysis runs: the relations of sql/derived_relations.sql, and the
 * organisation-year's relations of sql/organisation_tables.sql and sql/market_marked.sql, written
 * once as small Parquet files and read by every later run, instead of the year's whole market and
 * instead of tables each pooled connection would rebuild whenever it serves another organisation.
 *
 * - per organisation-year, beside its practice data: the service-area slice rolled up
 *   (area_cases) and by patient zip (area_zip_cases), for the year and the reference year; the
 *   practice lines placed, the surgical claims and the rolled-up volumes; the slices of the year
 *   and the reference year marked customer or competitor, and the year's without referrers;
 * - per market year: each facility's name and zip, each provider's main zip.
 *
 * A file's name carries a hash of everything it is computed from: the SQL text, the market files'
 * sizes and modification times (a new upload writes a new file) and, for the organisation's, the
 * service-area list of the year, the practice file's stamp and the organisation's facilities and
 * NPIs. New data or a new profile means a new name, so a stale file is never read; it is removed
 * once it is old enough that no run can still be reading it.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type DuckDb, quoteLiteral } from "../../duckdb/open.ts";
import { marketCaseColumns, practiceLineColumns } from "../canonicalColumns.ts";
import { fileStamps, writeVersioned } from "./versionedFiles.ts";

/**
 * A zip of a service area, and the rows whose NPIs mark cases: the shapes of inputs.ts, named here
 * by what this file reads (inputs.ts names these files: importing it back would be a circle).
 */
interface AreaZip {
  zipcode: string;
  type: string;
}
interface WithNpi {
  npi: string | null;
}

/** Bumped when the layout of the files changes without their SQL changing. */
const LAYOUT_VERSION = 1;

const sqlText = (name: string) => readFileSync(join(import.meta.dir, "..", "sql", name), "utf8");
export const derivedRelationsSql = sqlText("derived_relations.sql");
const sqlHash = createHash("sha256").update(`${LAYOUT_VERSION}\0${derivedRelationsSql}`).digest("hex");
/**
 * What the organisation-year's files are computed by besides their inputs: their SQL, the macros
 * they call (base_views.sql: marked_cases, area_mask) and the canonical columns the practice and
 * market files are projected onto (practice_lines_placed keeps every practice column).
 */
const organisationSqlHash = createHash("sha256")
  .update(sqlHash)
  .update(sqlText("organisation_tables.sql"))
  .update(sqlText("market_marked.sql"))
  .update(sqlText("base_views.sql"))
  .update(JSON.stringify([practiceLineColumns, marketCaseColumns]))
  .digest("hex");

/** The derived relations, the macro call that computes each live, and the order rows are written in. */
export const DERIVED_RELATIONS = {
  area_cases: {
    live: "area_cases_of('market_cases', 'service_area')",
    order: "service_line, setting, facility_npi, rendering_npi, referring_npi",
  },
  area_cases_reference: {
    live: "area_cases_of('market_cases_reference', 'service_area_reference')",
    order: "service_line, setting, facility_npi, rendering_npi, referring_npi",
  },
  area_zip_cases: {
    live: "area_zip_cases_of('market_cases', 'service_area')",
    order: "patient_zip, service_line, facility_zip, rendering_npi",
  },
  market_facilities: { live: "market_facilities_of('market_cases')", order: "facility_npi" },
  provider_main_zip: { live: "provider_main_zip_of('market_cases')", order: "npi" },
} as const;
export type DerivedRelation = keyof typeof DERIVED_RELATIONS;

const AREA_ORDER = "service_line, setting, facility_npi, rendering_npi, referring_npi";
/**
 * The organisation-year's relations (sql/organisation_tables.sql, sql/market_marked.sql) in the
 * order they are computed (each may read those before it), the macro call that computes each, the
 * order rows are written in, and what they are computed from: the practice file with the
 * organisation's facilities ("practice"), or the service-area slices with its NPIs ("area").
 */
export const ORGANISATION_RELATIONS = {
  practice_lines_placed: {
    live: "practice_lines_placed_of('practice_lines', 'org_facilities', 'market_facilities')",
    order: "source, claim_id, line",
    from: "practice",
  },
  practice_surgical_claims: {
    live: "practice_surgical_claims_of('practice_lines_placed')",
    order: "service_line, setting, facility_npi, rendering_npi",
    from: "practice",
  },
  practice_volumes_rolled: {
    live: "practice_volumes_rolled_of('practice_surgical_claims', 'practice_lines_placed')",
    order: "is_surgical, service_line, setting, facility_npi, rendering_npi",
    from: "practice",
  },
  area_cases_marked: { live: "area_cases_marked_of('area_cases')", order: AREA_ORDER, from: "area" },
  area_cases_reference_marked: {
    live: "area_cases_marked_of('area_cases_reference')",
    order: AREA_ORDER,
    from: "area",
  },
  area_cases_rendered_marked: {
    live: "area_cases_rendered_marked_of('area_cases_marked')",
    order: "service_line, setting, facility_npi, rendering_npi",
    from: "area",
  },
} as const;
export type OrganisationRelation = keyof typeof ORGANISATION_RELATIONS;

export type DerivedFiles = Record<DerivedRelation | OrganisationRelation, string>;

/** A file name's hash: the SQL that computes the file (its hash), then each input. */
const hashWith =
  (sql: string) =>
  (...parts: string[]) => {
    const hash = createHash("sha256").update(sql);
    for (const part of parts) hash.update("\0").update(part);
    return hash.digest("hex").slice(0, 20);
  };
const hashOf = hashWith(sqlHash);
const organisationHash = hashWith(organisationSqlHash);

const areaText = (area: AreaZip[]) => JSON.stringify([...area].map((zip) => [zip.zipcode, zip.type]).sort());

export interface DerivedInputs {
  dataDir: string;
  organisationId: string;
  year: number;
  referenceYear: number;
  marketCases: string[];
  marketCasesReference: string[];
  serviceArea: AreaZip[];
  serviceAreaReference: AreaZip[];
  /** The organisation-year's practice file (none for a year without practice data). */
  practiceLines: string[];
  /** Its facilities place practice lines; its providers' and facilities' NPIs mark cases. */
  dimensions: { providers: WithNpi[]; facilities: WithNpi[] };
}

/** Where each derived relation of a run is (or will be) kept; nothing is read or written here. */
export function derivedFilesOf(inputs: DerivedInputs): DerivedFiles {
  const organisationDir = (year: number) =>
    join(inputs.dataDir, "warehouse", "practice", inputs.organisationId, String(year), "derived");
  const marketDir = join(inputs.dataDir, "warehouse", "market", String(inputs.year), "derived");
  const market = fileStamps(inputs.marketCases);
  const area = hashOf(market, areaText(inputs.serviceArea));
  const referenceArea = hashOf(
    fileStamps(inputs.marketCasesReference),
    areaText(inputs.serviceAreaReference),
  );
  const marketHash = hashOf(market);
  const files = {
    area_cases: join(organisationDir(inputs.year), `area_cases-${area}.parquet`),
    area_cases_reference: join(organisationDir(inputs.referenceYear), `area_cases-${referenceArea}.parquet`),
    area_zip_cases: join(organisationDir(inputs.year), `area_zip_cases-${area}.parquet`),
    market_facilities: join(marketDir, `market_facilities-${marketHash}.parquet`),
    provider_main_zip: join(marketDir, `provider_main_zip-${marketHash}.parquet`),
  };
  // The organisation-year's relations, all in the year's folder (the reference slice marked with
  // today's NPIs belongs to the year asking for it).
  const npis = (list: WithNpi[]) => [...new Set(list.map((row) => row.npi))].sort();
  const keys = {
    practice: organisationHash(
      fileStamps(inputs.practiceLines),
      JSON.stringify(inputs.dimensions.facilities),
      files.market_facilities,
    ),
    area: organisationHash(
      files.area_cases,
      files.area_cases_reference,
      JSON.stringify([npis(inputs.dimensions.providers), npis(inputs.dimensions.facilities)]),
    ),
  };
  const organisationFiles = Object.fromEntries(
    Object.entries(ORGANISATION_RELATIONS).map(([relation, { from }]) => [
      relation,
      join(organisationDir(inputs.year), `${relation}-${keys[from]}.parquet`),
    ]),
  ) as Record<OrganisationRelation, string>;
  return { ...files, ...organisationFiles };
}

const building = new Map<string, Promise<void>>();

/**
 * Writes the derived file from the live relation when it is missing. The connection must have the
 * relations it is computed from bound (market_cases, service_area, ...; for an organisation-year's
 * relation, those listed before it in ORGANISATION_RELATIONS too). Written beside the target and
 * renamed over it: a reader sees no file or a whole one; two processes writing the same file write
 * the same rows. Identical builds asked for at the same time in this process share one.
 */
export async function ensureDerivedFile(
  duck: DuckDb,
  relation: DerivedRelation | OrganisationRelation,
  path: string,
) {
  if (existsSync(path)) return;
  let build = building.get(path);
  if (!build) {
    build = (async () => {
      const { live, order } =
        relation in DERIVED_RELATIONS
          ? DERIVED_RELATIONS[relation as DerivedRelation]
          : ORGANISATION_RELATIONS[relation as OrganisationRelation];
      // Paths are generated by the server; COPY cannot take its target as a parameter.
      await writeVersioned(path, (partial) =>
        duck.run(
          `COPY (SELECT * FROM ${live} ORDER BY ${order}) TO ${quoteLiteral(partial)} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 122880)`,
        ),
      );
    })().finally(() => building.delete(path));
    building.set(path, build);
  }
  await build;
}
