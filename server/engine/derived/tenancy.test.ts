import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DuckDb, openDuckDb } from "../../duckdb/open.ts";
import { bindInputs } from "../bindInputs.ts";
import { marketCaseColumns, practiceLineColumns } from "../canonicalColumns.ts";
import { closeDuckPools } from "../duckPool.ts";
import { executeKernel } from "../executeKernel.ts";
import { completeFilters, parseFilters } from "../filters.ts";
import type { CanonicalInputs, OrganisationDimensions } from "../inputs.ts";
import { pluginRegistry } from "../registry.ts";
import { engineSettings } from "../settings.ts";
import { marketCase, practiceLine, type Row, writeParquet } from "../testing/golden.ts";
import { lazyZipPolygonLookup } from "../zipPolygons.ts";
import {
  type DerivedFiles,
  derivedFilesOf,
  ORGANISATION_RELATIONS,
  type OrganisationRelation,
} from "./derivedFiles.ts";

/*
 * Many organisations over one market (issue 14). The organisation-year's relations
 * (organisation_tables.sql, market_marked.sql) are derived files bound as views: a pooled
 * connection that serves one organisation after another must give each its own answer, the files
 * must hold exactly the rows the live tables hold, and a profile change must write new files and
 * let the stale ones go.
 *
 * Two organisations share the market: A (provider 1111111111, facility 2222222222, PSA 10001 and
 * SSA 10002) and B (provider 4000000001, facility 3000000001, PSA 10003 only), each with its own
 * practice file.
 */
const A = "aaaaaaaa-0000-0000-0000-000000000001";
const B = "bbbbbbbb-0000-0000-0000-000000000002";

let dataDir: string;
let writer: DuckDb;
const files: Record<string, string> = {};
const dimensions: Record<string, OrganisationDimensions> = {};

const facility = (npi: string, name: string, zip: string) => ({
  npi,
  kind: "facility" as const,
  name,
  facility_name: name,
  zip,
  lat: null,
  lon: null,
});

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "vitality-tenancy-"));
  writer = await openDuckDb({ dataDir, threads: 1 });
  const zips = ["10001", "10002", "10003", "99999"];
  const lines = ["spine", "trauma", "le_joint_replacement", "sports_medicine"];
  const facilities = ["2222222222", "3000000001", "3000000002"];
  const renderers = ["1111111111", "4000000001", "4000000002", "4000000003"];
  const referrers = [null, "1111111111", "4000000001", "5000000001"];
  const market: Row[] = [];
  for (let i = 0; i < 200; i++) {
    const facilityNpi = facilities[(i * 7) % 3]!;
    const row = marketCase({
      patient_zip: zips[i % 4]!,
      service_line: lines[(i * 3) % 4]!,
      setting: ["IP", "OP", "ASC", null][(i * 5) % 4] ?? null,
      facility_npi: facilityNpi,
      facility_name: `Facility ${facilityNpi}`,
      facility_zip: zips[(i * 13) % 4]!,
      rendering_npi: renderers[(i * 11) % 4]!,
      rendering_name: `Dr ${(i * 11) % 4}`,
      referring_npi: referrers[(i * 19) % 4] ?? null,
      referring_name: referrers[(i * 19) % 4] ? `Ref ${(i * 19) % 4}` : null,
      cases: 1 + (i % 3),
    });
    market.push(row);
  }
  const practice = (renderer: string, facilityNpi: string, count: number) =>
    Array.from({ length: count }, (_, i) =>
      practiceLine({
        claim_id: `P${renderer}-${Math.floor(i / 2)}`,
        line: (i % 2) + 1,
        category: ["spine", "established_em", "trauma", "physical_therapy"][i % 4]!,
        rendering_npi: renderer,
        facility_npi: i % 3 === 0 ? facilityNpi : null,
        patient_zip: zips[i % 4]!,
        paid_amount: 10 * i,
      }),
    );
  const file = (name: string) => join(dataDir, "warehouse", "input", `${name}.parquet`);
  await writeParquet(writer, file("market"), marketCaseColumns, market);
  await writeParquet(
    writer,
    file("practice-a"),
    practiceLineColumns,
    practice("1111111111", "2222222222", 40),
  );
  await writeParquet(
    writer,
    file("practice-b"),
    practiceLineColumns,
    practice("4000000001", "3000000001", 24),
  );
  files.market = file("market");
  files[A] = file("practice-a");
  files[B] = file("practice-b");
  dimensions[A] = {
    providers: [{ npi: "1111111111", full_name: "Dr Own" }],
    facilities: [facility("2222222222", "Own ASC", "10001")],
    serviceArea: [
      { zipcode: "10001", type: "PSA" },
      { zipcode: "10002", type: "SSA" },
    ],
    serviceAreaReference: [{ zipcode: "10001", type: "PSA" }],
  };
  dimensions[B] = {
    providers: [{ npi: "4000000001", full_name: "Dr Other" }],
    facilities: [facility("3000000001", "Other Hospital", "10003")],
    serviceArea: [{ zipcode: "10003", type: "PSA" }],
    serviceAreaReference: [{ zipcode: "10003", type: "PSA" }],
  };
});
afterAll(() => {
  writer.close();
  closeDuckPools(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
});

/** The organisation's inputs; with `derived`, its derived files (as organisationInputs.ts gives them). */
function inputsOf(organisationId: string, derived: boolean, profile = dimensions[organisationId]!) {
  const inputs: CanonicalInputs = {
    year: 2024,
    referenceYear: 2024,
    files: {
      marketCases: [files.market!],
      marketCasesReference: [files.market!],
      practiceLines: [files[organisationId]!],
    },
    dimensions: profile,
    zipPolygon: lazyZipPolygonLookup(),
  };
  if (derived)
    inputs.files.derived = derivedFilesOf({
      dataDir,
      organisationId,
      year: 2024,
      referenceYear: 2024,
      marketCases: inputs.files.marketCases,
      marketCasesReference: inputs.files.marketCasesReference,
      serviceArea: profile.serviceArea,
      serviceAreaReference: profile.serviceAreaReference,
      practiceLines: inputs.files.practiceLines,
      dimensions: profile,
    });
  return inputs;
}

const organisationRelations = Object.keys(ORGANISATION_RELATIONS) as OrganisationRelation[];

describe("organisation-year relations as derived files", () => {
  test("the files hold exactly the rows the live tables hold", async () => {
    const live = await openDuckDb({ dataDir, threads: 1 });
    const fromFiles = await openDuckDb({ dataDir, threads: 1 });
    try {
      for (const organisationId of [A, B]) {
        const filters = completeFilters({ year: 2024 });
        await bindInputs(live, inputsOf(organisationId, false), filters);
        await bindInputs(fromFiles, inputsOf(organisationId, true), filters);
        for (const relation of organisationRelations) {
          const sql = `SELECT * FROM ${relation} ORDER BY ALL`;
          const expected = await live.all(sql);
          expect({ relation, rows: await fromFiles.all(sql) }).toEqual({ relation, rows: expected });
          // Not two empty relations: the data reaches every one of them.
          expect({ relation, count: expected.length }).not.toEqual({ relation, count: 0 });
        }
      }
    } finally {
      live.close();
      fromFiles.close();
    }
  });

  test("one pooled connection serving organisation after organisation gives each its own answer", async () => {
    const registry = await pluginRegistry();
    // threads: 1 and sequential runs: every run leases the pool's one idle connection.
    const options = { dataDir, settings: engineSettings({}), threads: 1 };
    for (const plugin of registry.all()) {
      const parsed = parseFilters(plugin.filters, { year: 2024 }, {});
      if (!parsed.success) throw parsed.error;
      const run = (organisationId: string, derived: boolean) =>
        executeKernel(plugin, inputsOf(organisationId, derived), parsed.data, options);
      const answers = {
        a: await run(A, true),
        b: await run(B, true),
        aAgain: await run(A, true),
        bAgain: await run(B, true),
        aLive: await run(A, false),
        bLive: await run(B, false),
        aAfterLive: await run(A, true),
      };
      const { a, b } = answers;
      expect({ plugin: plugin.id, ...answers }).toEqual({
        plugin: plugin.id,
        a,
        b,
        aAgain: a,
        bAgain: b,
        aLive: a,
        bLive: b,
        aAfterLive: a,
      });
      if (plugin.id === "querie1") {
        // The two organisations' answers differ (a mix-up would show here).
        expect(a).not.toEqual(b);
        expect(a.market_total).toBeGreaterThan(0);
      }
    }
  }, 60_000);

  test("a profile change writes new files; stale ones are removed once old enough", async () => {
    const options = { dataDir, settings: engineSettings({}), threads: 1 };
    const registry = await pluginRegistry();
    const plugin = registry.get("querie1")!;
    const parsed = parseFilters(plugin.filters, { year: 2024 }, {});
    if (!parsed.success) throw parsed.error;
    const profiles: OrganisationDimensions[] = [
      dimensions[A]!,
      {
        ...dimensions[A]!,
        providers: [...dimensions[A]!.providers, { npi: "4000000002", full_name: "Dr New" }],
      },
      { ...dimensions[A]!, providers: [{ npi: "4000000003", full_name: "Dr Newer" }] },
    ];
    const written: DerivedFiles[] = [];
    const totals: unknown[] = [];
    for (const profile of profiles) {
      const inputs = inputsOf(A, true, profile);
      totals.push((await executeKernel(plugin, inputs, parsed.data, options)).market_total);
      written.push(inputs.files.derived!);
    }
    const [first, second, third] = written as [DerivedFiles, DerivedFiles, DerivedFiles];
    // Other providers mark other cases: the marked slices are new files, the practice ones are not
    // (facilities and practice file unchanged).
    expect(second.area_cases_marked).not.toBe(first.area_cases_marked);
    expect(second.practice_lines_placed).toBe(first.practice_lines_placed);
    for (const relation of organisationRelations) expect(existsSync(third[relation])).toBe(true);
    // Young files stay (a run may still read them) ...
    expect(existsSync(first.area_cases_marked)).toBe(true);
    // ... and go once older than a run can be, the next time a file of theirs is written.
    const old = new Date(Date.now() - 11 * 60_000);
    for (const files of [first, second])
      for (const relation of organisationRelations)
        if (existsSync(files[relation])) utimesSync(files[relation], old, old);
    const fourth = inputsOf(A, true, { ...dimensions[A]!, providers: [] });
    await executeKernel(plugin, fourth, parsed.data, options);
    for (const files of [first, second])
      for (const relation of [
        "area_cases_marked",
        "area_cases_reference_marked",
        "area_cases_rendered_marked",
      ] as const)
        expect(existsSync(files[relation])).toBe(false);
    // The practice files are the ones still in use: kept.
    expect(existsSync(first.practice_lines_placed)).toBe(true);
    for (const relation of organisationRelations)
      expect(existsSync(fourth.files.derived![relation])).toBe(true);
    expect(totals.length).toBe(3);
  }, 60_000);
});
