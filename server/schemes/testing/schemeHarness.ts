/**
 * Scheme test harness, modelled on the analyses' golden harness (server/engine/testing/golden.ts):
 * one scheme run on a tiny hand-written fixture - market cases, practice lines, facilities (with
 * services_provided, locations, ...), providers, service area, questionnaire, earlier results and
 * registry entries - with no database and no HTTP. Rows are written as Parquet and bound by
 * executeScheme exactly as in production. Expected numbers belong in the tests, worked out by hand.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DuckDb, openDuckDb } from "../../duckdb/open.ts";
import {
  type CanonicalColumn,
  marketCaseColumns,
  practiceLineColumns,
} from "../../engine/canonicalColumns.ts";
import { dimensionsOf } from "../../engine/dimensions.ts";
import type { ServiceAreaZip } from "../../engine/inputs.ts";
import {
  GOLDEN_REFERENCE_YEAR,
  GOLDEN_YEAR,
  marketCase,
  practiceLine,
  type Row,
  writeParquet,
} from "../../engine/testing/golden.ts";
import { lazyZipPolygonLookup } from "../../engine/zipPolygons.ts";
import { LocalNpiRegistry } from "../../registry/localRegistry.ts";
import type { NppesResult } from "../../registry/nppesShape.ts";
import { executeScheme } from "../executeScheme.ts";
import type { FacilityRow, ProviderRow, Scheme, SchemeProfile } from "../scheme.ts";

export { GOLDEN_REFERENCE_YEAR, GOLDEN_YEAR, marketCase, practiceLine, type Row };
export const GOLDEN_PREVIOUS_YEAR = GOLDEN_YEAR - 1;
export const FIXTURE_ORGANISATION_ID = "00000000-0000-4000-8000-000000000001";

type Location = FacilityRow["locations"][number];
let rowCounter = 0;
const nextId = () => `00000000-0000-4000-8000-${String(++rowCounter).padStart(12, "0")}`;
const epoch = new Date("2024-01-01T00:00:00Z");

/** A facility row as the database holds it; name and npi are what tests usually set. */
export function facility(
  values: Partial<Omit<FacilityRow, "locations">> & {
    npi: string;
    name: string;
    locations?: Partial<Location>[];
  },
): FacilityRow {
  const id = values.id ?? nextId();
  const { locations = [], ...rest } = values;
  return {
    id,
    organisationId: FIXTURE_ORGANISATION_ID,
    physicalAddress: "",
    physicalLocale: "",
    physicalLocaleZip: "10001",
    siteOfCareCodesBilled: [],
    servicesProvided: [],
    servicesProvidedTextbox: "",
    openedOn: null,
    closedOn: null,
    lat: null,
    lon: null,
    billingAddress: "",
    billingLocale: "",
    billingLocaleZip: "",
    createdAt: epoch,
    updatedAt: epoch,
    ...rest,
    locations: locations.map((location) => ({
      id: nextId(),
      facilityId: id,
      organisationId: FIXTURE_ORGANISATION_ID,
      name: `${values.name} location`,
      physicalAddress: "",
      physicalLocale: "",
      physicalLocaleZip: "10001",
      siteOfCareCodesBilled: [],
      servicesProvided: [],
      servicesProvidedTextbox: "",
      openedOn: null,
      closedOn: null,
      lat: null,
      lon: null,
      createdAt: epoch,
      updatedAt: epoch,
      ...location,
    })),
  };
}

/** A provider row as the database holds it; fullName defaults to "first last". */
export function provider(values: Partial<ProviderRow> & { npi: string }): ProviderRow {
  const firstName = values.firstName ?? "";
  const lastName = values.lastName ?? "";
  return {
    id: nextId(),
    organisationId: FIXTURE_ORGANISATION_ID,
    lastName,
    firstName,
    middleName: "",
    suffix: "",
    fullName: `${firstName} ${lastName}`.trim() || `Provider ${values.npi}`,
    age: null,
    phone: "",
    fax: "",
    address1: "",
    address2: "",
    city: "",
    zipcode: "10001",
    dateJoined: null,
    dateRetire: null,
    clinicalCertification: "",
    category: "",
    ptype: "",
    speciality: [],
    specialityTextbox: "",
    abosFellowshipTrained: "",
    shareholder: false,
    employedByPractice: false,
    fteStatus: "",
    nameWorkAt: [],
    createdAt: epoch,
    updatedAt: epoch,
    ...values,
  };
}

/** A registry entry: an individual (first/last name) or an organisation (organization_name). */
export function registryEntry(
  number: string,
  names: { first_name?: string; last_name?: string; organization_name?: string },
): NppesResult {
  return {
    number,
    enumeration_type: names.organization_name ? "NPI-2" : "NPI-1",
    basic: names,
    addresses: [],
    taxonomies: [],
  };
}

export interface SchemeFixture {
  market?: Row[];
  marketReference?: Row[];
  marketPrevious?: Row[];
  practice?: Row[];
  facilities?: FacilityRow[];
  providers?: ProviderRow[];
  /** Default: zip 10001 as PSA. */
  serviceArea?: ServiceAreaZip[];
  serviceAreaReference?: ServiceAreaZip[];
  questionnaire?: SchemeProfile["questionnaire"];
  /** Results of earlier schemes, by scheme id (profile.previous). */
  previous?: Record<string, unknown>;
  registry?: NppesResult[];
  organisationName?: string;
}

export interface SchemeRun<Result> {
  result: Result;
  /** Every progress() value the scheme reported, in order. */
  progress: number[];
}

export interface SchemeHarness {
  run<Result extends Record<string, unknown>>(
    scheme: Scheme<Result>,
    fixture: SchemeFixture,
  ): Promise<Result>;
  runWithProgress<Result extends Record<string, unknown>>(
    scheme: Scheme<Result>,
    fixture: SchemeFixture,
  ): Promise<SchemeRun<Result>>;
  close(): Promise<void>;
}

/** One temporary data folder per test file; each run writes its own files in a subfolder. */
export function schemeHarness(): SchemeHarness {
  const dataDir = mkdtempSync(join(tmpdir(), "vitality-scheme-"));
  let runs = 0;
  let writer: Promise<DuckDb> | undefined;

  async function write(runDir: string, name: string, columns: CanonicalColumn[], rows: Row[] | undefined) {
    if (!rows) return [];
    writer ??= openDuckDb({ dataDir, threads: 1 });
    const path = join(runDir, `${name}.parquet`);
    await writeParquet(await writer, path, columns, rows);
    return [path];
  }

  async function runWithProgress<Result extends Record<string, unknown>>(
    scheme: Scheme<Result>,
    fixture: SchemeFixture,
  ): Promise<SchemeRun<Result>> {
    const runDir = join(dataDir, `run${++runs}`);
    mkdirSync(runDir, { recursive: true });
    const marketCases = await write(runDir, "market", marketCaseColumns, fixture.market);
    const marketCasesReference = fixture.marketReference
      ? await write(runDir, "market_reference", marketCaseColumns, fixture.marketReference)
      : marketCases;
    const previousMarketCases = await write(
      runDir,
      "market_previous",
      marketCaseColumns,
      fixture.marketPrevious,
    );
    const practiceLines = await write(runDir, "practice", practiceLineColumns, fixture.practice);
    const profile: SchemeProfile = {
      organisation: { id: FIXTURE_ORGANISATION_ID, name: fixture.organisationName ?? "Fixture Orthopaedics" },
      facilities: fixture.facilities ?? [],
      providers: fixture.providers ?? [],
      serviceArea: fixture.serviceArea ?? [{ zipcode: "10001", type: "PSA" }],
      questionnaire: fixture.questionnaire ?? null,
      previous: fixture.previous ?? {},
    };
    const progress: number[] = [];
    const result = await executeScheme(
      scheme,
      {
        organisationId: FIXTURE_ORGANISATION_ID,
        canonical: {
          year: GOLDEN_YEAR,
          referenceYear: fixture.marketReference ? GOLDEN_REFERENCE_YEAR : GOLDEN_YEAR,
          files: { marketCases, marketCasesReference, practiceLines },
          dimensions: dimensionsOf(profile, fixture.serviceAreaReference ?? []),
          zipPolygon: lazyZipPolygonLookup(),
        },
        previousMarketCases,
        previousYear: fixture.marketPrevious ? GOLDEN_PREVIOUS_YEAR : null,
        profile,
        registry: new LocalNpiRegistry(fixture.registry ?? []),
        progress: async (percent) => {
          progress.push(percent);
        },
      },
      { dataDir, threads: 1 },
    );
    return { result, progress };
  }

  return {
    async run(scheme, fixture) {
      return (await runWithProgress(scheme, fixture)).result;
    },
    runWithProgress,
    async close() {
      if (writer) (await writer).close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
