import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { KernelContext } from "../../server/engine/index.ts";
import { forgetGrowthSlices, narrowSlices, narrowZips, organisationYearSlices } from "./slices.ts";

/*
 * The slices are read once per data version of an organisation-year and narrowed by each run
 * (slices.ts). A runner that answers fixed rows and counts its reads stands for DuckDB here; the
 * kernel's figures over real rows are querie11.test.ts's.
 */
const dir = mkdtempSync(join(tmpdir(), "querie11-slices-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const slice = (service_line: string, area_types: string[], cases: number) => ({
  period: "today" as const,
  service_line,
  area_types,
  is_customer: false,
  setting: "IP",
  leaked: false,
  provider: null,
  outside: false,
  facility_npi: null,
  facility: null,
  cases,
  paid: 0,
  paid_cases: 0,
});
const zip = (zipcode: string, area_types: string[], service_line: string | null, cases: number) => ({
  zipcode,
  area_types,
  population: 1000,
  projected_population_5y: 1100,
  service_line,
  cases,
});
const sliceRows = [
  slice("spine", ["PSA"], 5),
  slice("spine", ["SSA", "TSA"], 3),
  slice("trauma", ["PSA", "SSA"], 2),
];
const zipRows = [
  zip("10001", ["PSA"], "spine", 4),
  zip("10001", ["PSA"], "trauma", 1),
  zip("10002", ["SSA", "TSA"], "spine", 3),
  zip("10003", ["TSA"], null, 0),
];

function countingRunner() {
  const reads: string[] = [];
  const sql = {
    async rows(file: string) {
      reads.push(file);
      return structuredClone(file === "market_slices.sql" ? sliceRows : zipRows);
    },
  } as unknown as KernelContext["sql"];
  return { sql, reads };
}

describe("querie11 slices, kept per data version", () => {
  test("read once per data version; a new version (new upload, new profile) is read again", async () => {
    forgetGrowthSlices();
    const { sql, reads } = countingRunner();
    const files = { dir, zipPolygons: "bundled", data: "org|2025|practice:1" };
    const first = await organisationYearSlices(sql, files);
    const again = await organisationYearSlices(sql, files);
    expect(again).toBe(first);
    expect(reads).toEqual(["market_slices.sql", "zip_demand.sql"]);
    // Another process (nothing in memory) reads the kept file, not DuckDB.
    forgetGrowthSlices();
    expect(await organisationYearSlices(sql, files)).toEqual(first);
    expect(reads).toHaveLength(2);
    expect(readdirSync(dir).filter((name) => name.startsWith("querie11_slices-"))).toHaveLength(1);

    await organisationYearSlices(sql, { ...files, data: "org|2025|practice:2" });
    expect(reads).toHaveLength(4);
    expect(readdirSync(dir).filter((name) => name.startsWith("querie11_slices-"))).toHaveLength(2);
  });

  test("without kept values (rows bound by a test) they are read on every run", async () => {
    const { sql, reads } = countingRunner();
    await organisationYearSlices(sql, undefined);
    await organisationYearSlices(sql, undefined);
    expect(reads).toHaveLength(4);
  });

  test("narrowed as market_base narrows M: a chosen line and a patient zip with a chosen type", async () => {
    const { slices } = await organisationYearSlices(countingRunner().sql, undefined);
    const psa = narrowSlices(slices, ["spine", "trauma"], ["PSA"]);
    expect(psa.map((row) => [row.service_line, row.cases])).toEqual([
      ["spine", 5],
      ["trauma", 2],
    ]);
    const tsaSpine = narrowSlices(slices, ["spine"], ["TSA"]);
    expect(tsaSpine).toEqual([slice("spine", ["SSA", "TSA"], 3)]);
    // Lists equal in content are one value of the column: four rows, three distinct type lists.
    const twice = await organisationYearSlices(
      {
        rows: async (file: string) =>
          file === "market_slices.sql" ? [...sliceRows, slice("trauma", ["PSA"], 1)] : zipRows,
      } as never,
      undefined,
    );
    expect(twice.slices.column("area_types").values).toHaveLength(3);
    expect(narrowSlices(twice.slices, ["trauma"], ["PSA"]).map((row) => row.cases)).toEqual([2, 1]);
  });

  test("zips of the chosen types, with their chosen types and lines; a zip without such a case keeps one row", () => {
    expect(narrowZips(zipRows, ["trauma"], ["PSA", "TSA"])).toEqual([
      zip("10001", ["PSA"], "trauma", 1),
      zip("10002", ["TSA"], null, 0),
      zip("10003", ["TSA"], null, 0),
    ]);
    expect(narrowZips(zipRows, ["spine"], ["SSA"])).toEqual([zip("10002", ["SSA"], "spine", 3)]);
  });
});
