import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { backends } from "../../../tests/helpers/backends.ts";
import { createOrganisation, giveAnalysisYears } from "../../../tests/helpers/factories.ts";
import { startTestApp, type TestApp } from "../../../tests/helpers/testApp.ts";
import { serviceAreas } from "../../db/schema/index.ts";
import { type DuckDb, openDuckDb } from "../../duckdb/open.ts";
import { marketCaseColumns, practiceLineColumns } from "../canonicalColumns.ts";
import { notifyDataChanged } from "../dataChanges.ts";
import { closeDuckPools } from "../duckPool.ts";
import { executeKernel } from "../executeKernel.ts";
import { parseFilters } from "../filters.ts";
import type { CanonicalInputs } from "../inputs.ts";
import { pluginRegistry } from "../registry.ts";
import { clearRunCache, runPlugin } from "../runPlugin.ts";
import { engineSettings } from "../settings.ts";
import { marketCase, practiceLine, type Row, writeParquet } from "../testing/golden.ts";
import { writeWarehouse } from "../testing/queriesApp.ts";
import { lazyZipPolygonLookup } from "../zipPolygons.ts";
import { derivedFilesOf } from "./derivedFiles.ts";

/*
 * The materialised path must answer exactly what the live path answers: every analysis runs on
 * the same varied data twice, once computing the derived relations live from the market file, once
 * reading them from the files written on first use.
 */
describe("derived files give the same results as the live relations", () => {
  let dataDir: string;
  let writer: DuckDb;
  let inputs: CanonicalInputs;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "vitality-derived-"));
    writer = await openDuckDb({ dataDir, threads: 1 });
    // A deterministic spread: 240 cases over zips in each area type and outside, 4 lines, 4
    // settings (and none), 3 facilities (one the customer's), 5 rendering and 4 referring NPIs.
    const zips = ["10001", "10002", "10003", "10004", "99999"];
    const lines = ["spine", "trauma", "le_joint_replacement", "sports_medicine", "other"];
    const settings = ["IP", "OP", "ASC", "OFFICE", null];
    const facilityNpis = ["2222222222", "3000000001", "3000000002"];
    const renderers = ["1111111111", "4000000001", "4000000002", "4000000003", "4000000004"];
    const referrers = [null, "1111111111", "5000000001", "5000000002"];
    const market: Row[] = [];
    const reference: Row[] = [];
    for (let i = 0; i < 240; i++) {
      const facility = facilityNpis[(i * 7) % 3]!;
      const row = marketCase({
        patient_zip: zips[i % 5]!,
        service_line: lines[(i * 3) % 5]!,
        setting: settings[(i * 11) % 5] ?? null,
        facility_npi: facility,
        facility_name: `Facility ${facility}`,
        facility_zip: zips[(i * 13) % 5]!,
        rendering_npi: renderers[(i * 17) % 5]!,
        rendering_name: `Dr ${(i * 17) % 5}`,
        referring_npi: referrers[(i * 19) % 4] ?? null,
        referring_name: referrers[(i * 19) % 4] ? `Ref ${(i * 19) % 4}` : null,
        cases: 1 + (i % 3 === 0 ? 1 : 0),
      });
      market.push(row);
      if (i % 2 === 0) reference.push({ ...row, year: 2022 });
    }
    const practice = Array.from({ length: 40 }, (_, i) =>
      practiceLine({
        claim_id: `P${Math.floor(i / 2)}`,
        line: (i % 2) + 1,
        category: ["spine", "established_em", "trauma", "physical_therapy"][i % 4]!,
        rendering_npi: renderers[i % 2]!,
        facility_npi: i % 3 === 0 ? "3000000001" : null,
        paid_amount: 10 * i,
      }),
    );
    const file = (name: string) => join(dataDir, "warehouse", "input", `${name}.parquet`);
    await writeParquet(writer, file("market"), marketCaseColumns, market);
    await writeParquet(writer, file("reference"), marketCaseColumns, reference);
    await writeParquet(writer, file("practice"), practiceLineColumns, practice);
    const serviceArea = [
      { zipcode: "10001", type: "PSA" as const },
      { zipcode: "10002", type: "SSA" as const },
      { zipcode: "10003", type: "TSA" as const },
    ];
    inputs = {
      year: 2024,
      referenceYear: 2022,
      files: {
        marketCases: [file("market")],
        marketCasesReference: [file("reference")],
        practiceLines: [file("practice")],
      },
      dimensions: {
        providers: [{ npi: "1111111111", full_name: "Dr Own" }],
        facilities: [
          {
            npi: "2222222222",
            kind: "facility",
            name: "Own ASC",
            facility_name: "Own ASC",
            zip: "10001",
            lat: null,
            lon: null,
          },
        ],
        serviceArea,
        serviceAreaReference: serviceArea.slice(0, 2),
      },
      zipPolygon: lazyZipPolygonLookup(),
    };
  });
  afterAll(() => {
    writer.close();
    closeDuckPools(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const filterSets: Record<string, unknown>[] = [
    {},
    { service_area: ["PSA", "SSA", "TSA"], facility_type: ["IP", "ASC"] },
    { service_area: ["SSA"], provider_zipcodes: ["10002"], servicelines: ["spine", "trauma", "other"] },
  ];

  test("every analysis, with several filter sets", async () => {
    const registry = await pluginRegistry();
    const derived = derivedFilesOf({
      dataDir,
      organisationId: "11111111-1111-1111-1111-111111111111",
      year: inputs.year,
      referenceYear: inputs.referenceYear,
      marketCases: inputs.files.marketCases,
      marketCasesReference: inputs.files.marketCasesReference,
      serviceArea: inputs.dimensions.serviceArea,
      serviceAreaReference: inputs.dimensions.serviceAreaReference,
      practiceLines: inputs.files.practiceLines,
      dimensions: inputs.dimensions,
    });
    const options = { dataDir, settings: engineSettings({}), threads: 1 };
    let compared = 0;
    for (const plugin of registry.all()) {
      for (const raw of filterSets) {
        const parsed = parseFilters(plugin.filters, { year: 2024 }, raw);
        if (!parsed.success) throw parsed.error;
        const live = await executeKernel(plugin, inputs, parsed.data, options);
        const materialised = await executeKernel(
          plugin,
          { ...inputs, files: { ...inputs.files, derived } },
          parsed.data,
          options,
        );
        expect({ plugin: plugin.id, raw, result: materialised }).toEqual({
          plugin: plugin.id,
          raw,
          result: live,
        });
        // Not a comparison of two empty answers: the data reaches every kind of analysis.
        if (plugin.id === "querie1" && Object.keys(raw).length === 0)
          expect(live.market_total).toBeGreaterThan(0);
        compared += 1;
      }
    }
    expect(compared).toBe(registry.all().length * filterSets.length);
    for (const path of Object.values(derived)) expect(existsSync(path)).toBe(true);
  }, 60_000);
});

/*
 * Invalidation through the run service. Organisation with provider 1111111111, PSA 10001 in 2024.
 * Market 2024: 1 case of its provider in 10001, 3 of a competitor in 10001, 4 of a competitor in
 * 10002. querie1's market total (PSA) is 1 + 3 = 4; with 10002 added to the PSA it is 4 + 4 = 8;
 * after a new market file with 2 more cases in 10002 it is 10.
 */
for (const backend of backends) {
  describe(`derived files follow the data (${backend})`, () => {
    let t: TestApp;
    let organisationId: string;
    const market = [
      marketCase({ rendering_npi: "1111111111", cases: 1 }),
      marketCase({ rendering_npi: "4000000001", cases: 3 }),
      marketCase({ rendering_npi: "4000000001", patient_zip: "10002", cases: 4 }),
    ];

    beforeAll(async () => {
      t = await startTestApp(backend);
      organisationId = (await createOrganisation(t, { initialized: true })).id;
      await giveAnalysisYears(t, organisationId, [2024]);
      await writeWarehouse(t.dataDir, { year: 2024, market });
    }, 60_000);
    afterAll(async () => {
      closeDuckPools(t.dataDir);
      await t.close();
    });

    const total = async () => {
      const outcome = await runPlugin({
        context: t.context,
        organisationId,
        pluginId: "querie1",
        filters: {},
      });
      return { total: outcome.response.results.market_total, cached: outcome.cached };
    };
    const areaFiles = () =>
      readdirSync(join(t.dataDir, "warehouse", "practice", organisationId, "2024", "derived")).filter(
        (name) => name.startsWith("area_cases-"),
      );

    test("a service-area change and a new market file give new results, from new files", async () => {
      clearRunCache();
      expect(await total()).toEqual({ total: 4, cached: false });
      expect(await total()).toEqual({ total: 4, cached: true });
      const [first] = areaFiles();

      await t.context.database.db
        .insert(serviceAreas)
        .values({ organisationId, year: 2024, zipcode: "10002", type: "PSA" });
      // Written directly here: notified as every writer of an analysis input does (dataChanges.ts).
      await notifyDataChanged(t.context, organisationId);
      expect(await total()).toEqual({ total: 8, cached: false });
      const afterArea = areaFiles();
      expect(afterArea).toHaveLength(2);
      expect(afterArea).toContain(first!);

      // A type change of a listed zip is a change too: 10002 as SSA leaves the PSA total at 4.
      await t.context.database.db
        .update(serviceAreas)
        .set({ type: "SSA" })
        .where(and(eq(serviceAreas.organisationId, organisationId), eq(serviceAreas.zipcode, "10002")));
      await notifyDataChanged(t.context, organisationId);
      expect(await total()).toEqual({ total: 4, cached: false });

      await t.context.database.db
        .update(serviceAreas)
        .set({ type: "PSA" })
        .where(and(eq(serviceAreas.organisationId, organisationId), eq(serviceAreas.zipcode, "10002")));
      await notifyDataChanged(t.context, organisationId);
      await writeWarehouse(t.dataDir, {
        year: 2024,
        market: [...market, marketCase({ rendering_npi: "4000000002", patient_zip: "10002", cases: 2 })],
      });
      expect(await total()).toEqual({ total: 10, cached: false });
    }, 60_000);
  });
}
