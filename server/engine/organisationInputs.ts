/**
 * Resolves what a run of an organisation and year reads: its available years, the canonical
 * Parquet files ingestion switched in (server/ingest/storage.ts), its facilities, providers and
 * service areas (from the database, as the customer edits them), and the versions of all of it
 * that make up the cache key.
 */
import { createHash } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  advisoryBoardUploads,
  facilities,
  facilityLocations,
  organisations,
  organisationYears,
  practiceYearVersions,
  providers,
  serviceAreas,
} from "../db/schema/index.ts";
import { ZIP_POLYGONS_PATH } from "../geo/zipPolygonsFile.ts";
import { warehousePaths } from "../ingest/storage.ts";
import { derivedFilesOf } from "./derived/derivedFiles.ts";
import { fileStamps as pathStamps } from "./derived/versionedFiles.ts";
import { dimensionsOf } from "./dimensions.ts";
import type { CanonicalFiles, CanonicalInputs, OrganisationDimensions, ServiceAreaZip } from "./inputs.ts";
import { lazyZipPolygonLookup } from "./zipPolygons.ts";

const existing = (paths: string[]) => paths.filter((path) => existsSync(path));

export const marketFiles = (dataDir: string, year: number) =>
  existing([
    warehousePaths.marketCases(dataDir, year, "IP"),
    warehousePaths.marketCases(dataDir, year, "OP"),
  ]);

export function canonicalFiles(
  dataDir: string,
  organisationId: string,
  year: number,
  referenceYear: number,
): CanonicalFiles {
  return {
    marketCases: marketFiles(dataDir, year),
    marketCasesReference: marketFiles(dataDir, referenceYear),
    practiceLines: existing([warehousePaths.practiceLines(dataDir, organisationId, year)]),
    demographics: existing([warehousePaths.demographics(dataDir, year)]),
  };
}

export interface OrganisationYears {
  /** Years the organisation can analyse, ascending. */
  availableYears: number[];
  /** Among them, the years staff reviewed and enabled: the ones a customer reads. */
  enabledYears: number[];
  /** Among them, the prelaunched years (staff may read them in the dummy view before enabling). */
  prelaunchedYears: number[];
  /** Bumped on every accepted practice upload of the year. */
  practiceVersion: Map<number, number>;
  /**
   * Years whose enabled version customers keep reading while staff review newer data
   * (organisation_years.held_version_id), with that version's kept file.
   */
  held: Map<number, HeldVersion>;
}

/** An enabled version kept readable during the review of a newer one. */
export interface HeldVersion {
  dataVersion: number;
  /** Its Parquet, kept under the year's versions/ folder (ingest/storage.ts). */
  path: string;
  /** When staff enabled it (ISO), when known: the analyses say "as reviewed on". */
  reviewedAt: string | null;
}

/**
 * Available years: the organisation's years with accepted practice data (available_years of the
 * customer detail), and those of its years whose market data is in the warehouse (market analyses
 * need no practice file). Oldest is the reference year, newest the default.
 */
export async function organisationYearsOf(
  db: Db,
  dataDir: string,
  organisationId: string,
): Promise<OrganisationYears> {
  const rows = await db
    .select()
    .from(organisationYears)
    .where(eq(organisationYears.organisationId, organisationId));
  const held = await heldVersionsOf(db, dataDir, organisationId, rows);
  const available = rows
    .filter((row) => row.fileState === "uploaded" || marketFiles(dataDir, row.year).length > 0)
    .map((row) => row.year)
    .sort((a, b) => a - b);
  const availableYears = [...new Set(available)];
  const marked = (mark: "enabled" | "prelaunched") =>
    availableYears.filter((year) => rows.some((row) => row.year === year && row[mark]));
  return {
    availableYears,
    enabledYears: marked("enabled"),
    prelaunchedYears: marked("prelaunched"),
    practiceVersion: new Map(rows.map((row) => [row.year, row.dataVersion])),
    held,
  };
}

/** The held versions of the years (only those whose kept file is still there). */
async function heldVersionsOf(
  db: Db,
  dataDir: string,
  organisationId: string,
  rows: (typeof organisationYears.$inferSelect)[],
) {
  const held = new Map<number, HeldVersion>();
  const ids = rows.flatMap((row) => (row.heldVersionId ? [row.heldVersionId] : []));
  if (ids.length === 0) return held;
  const versions = await db
    .select()
    .from(practiceYearVersions)
    .where(
      and(eq(practiceYearVersions.organisationId, organisationId), inArray(practiceYearVersions.id, ids)),
    );
  for (const row of rows) {
    const version = versions.find((candidate) => candidate.id === row.heldVersionId);
    if (!version) continue;
    const path = warehousePaths.practiceVersion(dataDir, organisationId, row.year, version.storageName);
    if (!existsSync(path)) continue;
    held.set(row.year, {
      dataVersion: version.dataVersion,
      path,
      reviewedAt: row.reviewed?.enabled_at ?? null,
    });
  }
  return held;
}

/**
 * Who reads the analyses: a customer reads only the years staff enabled (a year in review is not
 * offered, defaulted or answered) and, while newer data of an enabled year is reviewed, the version
 * staff had enabled; staff in the dummy view also the prelaunched ones. Internal runs (schemes, the
 * demo seed, benches) name no audience and read every available year's current data.
 */
export type YearAudience = "customer" | "staff";

export function yearsFor(years: OrganisationYears, audience: YearAudience | undefined): number[] {
  if (audience === undefined) return years.availableYears;
  const open = new Set([
    ...years.enabledYears,
    ...years.held.keys(),
    ...(audience === "staff" ? years.prelaunchedYears : []),
  ]);
  return years.availableYears.filter((year) => open.has(year));
}

/**
 * The held version an audience reads for a year, if any: customers read it while it is held; staff
 * in the dummy view too, unless they prelaunched the newer data to read it before enabling it.
 */
export function heldVersionFor(
  years: OrganisationYears,
  audience: YearAudience | undefined,
  year: number,
): HeldVersion | undefined {
  if (audience === undefined) return undefined;
  if (audience === "staff" && years.prelaunchedYears.includes(year)) return undefined;
  return years.held.get(year);
}

/** The audience of a signed-in session: customers, or staff (the dummy view). */
export const audienceOf = (session: { kind: "client" | "admin" }): YearAudience =>
  session.kind === "client" ? "customer" : "staff";

export async function organisationExists(db: Db, organisationId: string) {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row !== undefined;
}

export async function serviceAreaOf(db: Db, organisationId: string, year: number): Promise<ServiceAreaZip[]> {
  return db
    .select({ zipcode: serviceAreas.zipcode, type: serviceAreas.type })
    .from(serviceAreas)
    .where(and(eq(serviceAreas.organisationId, organisationId), eq(serviceAreas.year, year)))
    .orderBy(asc(serviceAreas.zipcode));
}

/**
 * The organisation's profile rows as the customer entered them: facilities with their locations,
 * providers, and the year's service area. Analyses map them into dimension tables; schemes also
 * read the rest of each row (services provided, categories, FTE).
 */
export async function loadProfileRows(db: Db, organisationId: string, year: number) {
  const [facilityRows, locationRows, providerRows, serviceArea] = await Promise.all([
    db
      .select()
      .from(facilities)
      .where(eq(facilities.organisationId, organisationId))
      .orderBy(asc(facilities.npi)),
    db
      .select()
      .from(facilityLocations)
      .where(eq(facilityLocations.organisationId, organisationId))
      .orderBy(asc(facilityLocations.name)),
    db
      .select()
      .from(providers)
      .where(eq(providers.organisationId, organisationId))
      .orderBy(asc(providers.npi)),
    serviceAreaOf(db, organisationId, year),
  ]);
  return {
    facilities: facilityRows.map((facility) => ({
      ...facility,
      locations: locationRows.filter((location) => location.facilityId === facility.id),
    })),
    providers: providerRows,
    serviceArea,
  };
}

export async function organisationDimensions(
  db: Db,
  organisationId: string,
  year: number,
  referenceYear: number,
): Promise<OrganisationDimensions> {
  const [profile, referenceArea] = await Promise.all([
    loadProfileRows(db, organisationId, year),
    serviceAreaOf(db, organisationId, referenceYear),
  ]);
  return dimensionsOf(profile, referenceArea);
}

/** The accepted market upload versions of the years ("IP:3,OP:1,DEMO:0"). */
async function marketVersions(db: Db, years: number[]) {
  const rows = await db
    .select({
      kind: advisoryBoardUploads.kind,
      year: advisoryBoardUploads.year,
      version: advisoryBoardUploads.dataVersion,
    })
    .from(advisoryBoardUploads)
    .where(and(inArray(advisoryBoardUploads.year, years), eq(advisoryBoardUploads.state, "accepted")));
  return rows
    .map((row) => `${row.year}:${row.kind}:${row.version}`)
    .sort()
    .join(",");
}

/** Size and modification time of the files: catches data written outside an upload (CLI, fixtures). */
const fileStamps = (files: CanonicalFiles) =>
  [...files.marketCases, ...files.marketCasesReference, ...files.practiceLines, ...(files.demographics ?? [])]
    .map((path) => {
      const stat = statSync(path);
      return `${path}:${stat.size}:${stat.mtimeMs}`;
    })
    .join(",");

export interface ResolvedInputs {
  inputs: CanonicalInputs;
  /** Everything the result depends on besides the plugin and the filters. */
  dataKey: string;
}

export async function resolveInputs(
  db: Db,
  dataDir: string,
  organisationId: string,
  year: number,
  years: OrganisationYears,
  held?: HeldVersion,
): Promise<ResolvedInputs> {
  const referenceYear = years.availableYears[0] ?? year;
  const files = canonicalFiles(dataDir, organisationId, year, referenceYear);
  if (held) files.practiceLines = [held.path];
  const dimensions = await organisationDimensions(db, organisationId, year, referenceYear);
  const dimensionHash = createHash("sha256").update(JSON.stringify(dimensions)).digest("hex").slice(0, 16);
  const dataKey = [
    organisationId,
    year,
    referenceYear,
    `practice:${held?.dataVersion ?? years.practiceVersion.get(year) ?? 0}/${years.practiceVersion.get(referenceYear) ?? 0}`,
    `market:${await marketVersions(db, [...new Set([year, referenceYear])])}`,
    `dimensions:${dimensionHash}`,
    `files:${createHash("sha256").update(fileStamps(files)).digest("hex").slice(0, 16)}`,
  ].join("|");
  // The physical design: the service-area slice and market lookups kept as small derived files.
  files.derived = derivedFilesOf({
    dataDir,
    organisationId,
    year,
    referenceYear,
    marketCases: files.marketCases,
    marketCasesReference: files.marketCasesReference,
    serviceArea: dimensions.serviceArea,
    serviceAreaReference: dimensions.serviceAreaReference,
    practiceLines: files.practiceLines,
    dimensions,
  });
  const deploymentPolygons = existsSync(join(dataDir, ZIP_POLYGONS_PATH));
  return {
    inputs: {
      year,
      referenceYear,
      files,
      dimensions,
      // Deployment polygons live in $DATA_DIR/geo/ (vitality geo import-zcta writes them there).
      zipPolygon: lazyZipPolygonLookup(deploymentPolygons ? dataDir : undefined),
      kept: {
        dir: dirname(files.derived.area_cases),
        zipPolygons: deploymentPolygons ? pathStamps([join(dataDir, ZIP_POLYGONS_PATH)]) : "bundled",
        data: dataKey,
      },
    },
    dataKey,
  };
}
