/**
 * An organisation-year for scheme API tests: profile rows in the database, market and practice
 * Parquet in the test app's warehouse (where ingestion would have put them), and a registry file
 * in the data folder (server/schemes/npiSource.ts reads it before the demo fixture's).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { TestApp } from "../../../tests/helpers/testApp.ts";
import { facilities, organisationYears, providers, serviceAreas } from "../../db/schema/index.ts";
import { openDuckDb } from "../../duckdb/open.ts";
import { marketCaseColumns, practiceLineColumns } from "../../engine/canonicalColumns.ts";
import { type Row, writeParquet } from "../../engine/testing/golden.ts";
import { warehousePaths } from "../../ingest/storage.ts";
import { completeNpi } from "../../reference/npi.ts";
import { REGISTRY_JSON_PATH } from "../../registry/localRegistry.ts";
import type { NppesResult } from "../../registry/nppesShape.ts";
import { marketCase, practiceLine, registryEntry } from "./schemeHarness.ts";

export interface AppFixture {
  organisationId: string;
  year: number;
  facilities?: Array<Omit<typeof facilities.$inferInsert, "organisationId">>;
  providers?: Array<Omit<typeof providers.$inferInsert, "organisationId">>;
  market?: Row[];
  practice?: Row[];
  registry?: NppesResult[];
  serviceArea?: Array<{ zipcode: string; type: "PSA" | "SSA" | "TSA" }>;
}

export async function loadAppFixture(t: TestApp, fixture: AppFixture) {
  const { db } = t.context.database;
  const { organisationId, year } = fixture;
  await db
    .insert(organisationYears)
    // As an accepted upload records it: the practice rows are the year's data (organisations/yearData.ts).
    .values({
      organisationId,
      year,
      fileState: "uploaded",
      dataVersion: 1,
      rows: fixture.practice?.length ?? 0,
    })
    .onConflictDoNothing();
  if (fixture.facilities?.length) {
    await db.insert(facilities).values(fixture.facilities.map((row) => ({ ...row, organisationId })));
  }
  if (fixture.providers?.length) {
    await db.insert(providers).values(fixture.providers.map((row) => ({ ...row, organisationId })));
  }
  if (fixture.serviceArea?.length) {
    await db
      .insert(serviceAreas)
      .values(fixture.serviceArea.map((zip) => ({ ...zip, organisationId, year })));
  }
  if (fixture.registry) {
    const path = join(t.dataDir, REGISTRY_JSON_PATH);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, JSON.stringify({ result_count: fixture.registry.length, results: fixture.registry }));
  }
  const duck = await openDuckDb({ dataDir: t.dataDir, threads: 1 });
  try {
    if (fixture.market) {
      await writeParquet(
        duck,
        warehousePaths.marketCases(t.dataDir, year, "IP"),
        marketCaseColumns,
        fixture.market,
      );
    }
    if (fixture.practice) {
      const path = warehousePaths.practiceLines(t.dataDir, organisationId, year);
      await writeParquet(duck, path, practiceLineColumns, fixture.practice);
    }
  } finally {
    duck.close();
  }
}

/**
 * "Flow Orthopaedics": one clinic and one physician whose year every scheme runs through (a
 * practice claim of each kind, five market cases in their PSA zip 46201, both in the registry).
 */
export const FLOW_FACILITY_NPI = completeNpi("300000001");
export const FLOW_PROVIDER_NPI = completeNpi("300000002");

export const flowFixture = (organisationId: string, year: number): AppFixture => ({
  organisationId,
  year,
  facilities: [{ npi: FLOW_FACILITY_NPI, name: "Flow Clinic", servicesProvided: ["Clinic visits"] }],
  providers: [
    { npi: FLOW_PROVIDER_NPI, firstName: "Ann", lastName: "Lee", fullName: "Ann Lee", category: "Physician" },
  ],
  registry: [
    registryEntry(FLOW_FACILITY_NPI, { organization_name: "FLOW CLINIC" }),
    registryEntry(FLOW_PROVIDER_NPI, { first_name: "ANN", last_name: "LEE" }),
  ],
  market: [
    marketCase({
      facility_npi: FLOW_FACILITY_NPI,
      rendering_npi: FLOW_PROVIDER_NPI,
      patient_zip: "46201",
      cases: 5,
    }),
  ],
  practice: [
    practiceLine({ facility_npi: FLOW_FACILITY_NPI, rendering_npi: FLOW_PROVIDER_NPI, category: "spine" }),
    practiceLine({
      facility_npi: FLOW_FACILITY_NPI,
      rendering_npi: FLOW_PROVIDER_NPI,
      category: "new_patient_em",
    }),
  ],
});
