/**
 * The physical design of analysis runs: the relations of sql/derived_relations.sql written once as
 * small Parquet files and read by every later run, instead of the year's whole market.
 *
 * - per organisation-year, beside its practice data: the service-area slice rolled up
 *   (area_cases) and by patient zip (area_zip_cases), for the year and the reference year;
 * - per market year: each facility's name and zip, each provider's main zip.
 *
 * A file's name carries a hash of everything it is computed from: the SQL text, the market files'
 * sizes and modification times (a new upload writes a new file) and, for the organisation's, the
 * service-area list of the year. New data or a new service area means a new name, so a stale file
 * is never read; it is removed once it is old enough that no run can still be reading it.
 */
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { type DuckDb, quoteLiteral } from "../../duckdb/open.ts";
import type { ServiceAreaZip } from "../inputs.ts";

/** Bumped when the layout of the files changes without their SQL changing. */
const LAYOUT_VERSION = 1;

export const derivedRelationsSql = readFileSync(
  join(import.meta.dir, "..", "sql", "derived_relations.sql"),
  "utf8",
);
const sqlHash = createHash("sha256").update(`${LAYOUT_VERSION}\0${derivedRelationsSql}`).digest("hex");

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
export type DerivedFiles = Record<DerivedRelation, string>;

/** Size and modification time of each file: a new upload (or a fixture rewrite) changes them. */
export const fileStamps = (paths: string[]) =>
  paths
    .map((path) => {
      const stat = statSync(path);
      return `${path}:${stat.size}:${stat.mtimeMs}`;
    })
    .join(",");

const hashOf = (...parts: string[]) => {
  const hash = createHash("sha256").update(sqlHash);
  for (const part of parts) hash.update("\0").update(part);
  return hash.digest("hex").slice(0, 20);
};

const areaText = (area: ServiceAreaZip[]) =>
  JSON.stringify([...area].map((zip) => [zip.zipcode, zip.type]).sort());

export interface DerivedInputs {
  dataDir: string;
  organisationId: string;
  year: number;
  referenceYear: number;
  marketCases: string[];
  marketCasesReference: string[];
  serviceArea: ServiceAreaZip[];
  serviceAreaReference: ServiceAreaZip[];
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
  return {
    area_cases: join(organisationDir(inputs.year), `area_cases-${area}.parquet`),
    area_cases_reference: join(organisationDir(inputs.referenceYear), `area_cases-${referenceArea}.parquet`),
    area_zip_cases: join(organisationDir(inputs.year), `area_zip_cases-${area}.parquet`),
    market_facilities: join(marketDir, `market_facilities-${marketHash}.parquet`),
    provider_main_zip: join(marketDir, `provider_main_zip-${marketHash}.parquet`),
  };
}

/** Files older than this that a newer version replaced are removed (no run reads one that long). */
const STALE_AFTER_MS = 10 * 60_000;

function removeStale(path: string) {
  const dir = dirname(path);
  const name = path.slice(dir.length + 1);
  const prefix = name.slice(0, name.lastIndexOf("-") + 1);
  const now = Date.now();
  for (const other of readdirSync(dir)) {
    if (other === name || !other.startsWith(prefix) || !other.endsWith(".parquet")) continue;
    const full = join(dir, other);
    try {
      if (now - statSync(full).mtimeMs > STALE_AFTER_MS) rmSync(full, { force: true });
    } catch {
      // Another process removed it first.
    }
  }
}

const building = new Map<string, Promise<void>>();

/**
 * Writes the derived file from the live relation when it is missing. The connection must have the
 * canonical relations bound (market_cases, service_area, ...). Written beside the target and
 * renamed over it: a reader sees no file or a whole one; two processes writing the same file write
 * the same rows. Identical builds asked for at the same time in this process share one.
 */
export async function ensureDerivedFile(duck: DuckDb, relation: DerivedRelation, path: string) {
  if (existsSync(path)) return;
  let build = building.get(path);
  if (!build) {
    build = (async () => {
      mkdirSync(dirname(path), { recursive: true });
      const partial = join(dirname(path), `.${randomUUID()}.partial`);
      const { live, order } = DERIVED_RELATIONS[relation];
      try {
        // Paths are generated by the server; COPY cannot take its target as a parameter.
        await duck.run(
          `COPY (SELECT * FROM ${live} ORDER BY ${order}) TO ${quoteLiteral(partial)} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 122880)`,
        );
        renameSync(partial, path);
      } finally {
        rmSync(partial, { force: true });
      }
      removeStale(path);
    })().finally(() => building.delete(path));
    building.set(path, build);
  }
  await build;
}
