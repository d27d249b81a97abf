import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listValue } from "@duckdb/node-api";
import { z } from "zod";
import { type DuckDb, openDuckDb } from "../duckdb/open.ts";
import { areaMask, bindInputs } from "./bindInputs.ts";
import { completeFilters } from "./filters.ts";
import type { CanonicalInputs } from "./inputs.ts";
import { sqlNumber, sqlRunner } from "./sqlRunner.ts";

/*
 * Files shaped as ingestion writes them (server/ingest/normalise): practice lines with `source`
 * and no category_rank, amounts as DECIMAL, a market file without a `cases` column.
 */
let dataDir: string;
let duck: DuckDb;
let inputs: CanonicalInputs;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "vitality-bind-"));
  duck = await openDuckDb({ dataDir, threads: 1 });
  const market = join(dataDir, "market.parquet");
  const practice = join(dataDir, "practice.parquet");
  // Test files written by the test itself; the paths are its own.
  await duck.run(`COPY (SELECT * FROM (VALUES
      (2024, 'IP', '10001', 'IP', '9000000001', 'Hospital A', '10001', '4000000001', 'Dr Alpha', NULL, 'spine', 'spine', true, 99.5::DECIMAL(18,2)),
      (2024, 'OP', '10001', 'ASC', '2222222222', 'Own ASC', '10001', '4000000002', 'Dr Beta', '1111111111', 'trauma', 'trauma', true, NULL),
      (2024, 'OP', '10001', NULL, '9000000001', 'Hospital A', '10001', '1111111111', 'Dr Own', NULL, 'spine', 'spine', true, NULL),
      (2024, 'OP', '20000', 'OP', '9000000001', 'Hospital A', '10001', '4000000001', 'Dr Alpha', NULL, 'spine', 'spine', true, NULL)
    ) AS t(year, kind, patient_zip, setting, facility_npi, facility_name, facility_zip, rendering_npi, rendering_name,
           referring_npi, category, service_line, is_surgical, paid_amount)) TO '${market}' (FORMAT parquet)`);
  await duck.run(`COPY (SELECT * FROM (VALUES
      ('professional', 'C1', 1, 'P1', '10001', '1111111111', 'established_em', NULL, false, 'OFFICE', 2, 50.25::DECIMAL(18,2)),
      ('professional', 'C1', 2, 'P1', '10001', '1111111111', 'spine', 'spine', true, 'OFFICE', 1, 900::DECIMAL(18,2)),
      ('professional', 'C1', 3, 'P1', '10001', '1111111111', 'le_joint_replacement', 'le_joint_replacement', true, 'OFFICE', 1, 0::DECIMAL(18,2)),
      ('facility', 'C1', 1, 'P1', '10001', '1111111111', 'spine', 'spine', true, 'ASC', 1, NULL)
    ) AS t(source, claim_id, line, patient_id, patient_zip, rendering_npi, category, service_line, is_surgical,
           setting, units, paid_amount)) TO '${practice}' (FORMAT parquet)`);
  inputs = {
    year: 2024,
    referenceYear: 2024,
    files: { marketCases: [market], marketCasesReference: [market], practiceLines: [practice] },
    dimensions: {
      providers: [{ npi: "1111111111", full_name: "Dr O'Own" }],
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
      serviceArea: [{ zipcode: "10001", type: "PSA" }],
      serviceAreaReference: [{ zipcode: "10001", type: "PSA" }],
    },
    zipPolygon: () => undefined,
  };
});
afterAll(() => {
  duck.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const rows = (sql: string) => duck.all<Record<string, unknown>>(sql);

describe("canonical views", () => {
  test("market files are projected onto the canonical columns; a missing cases column is 1", async () => {
    await bindInputs(duck, inputs, completeFilters({ year: 2024 }));
    const [first] = await rows(
      "SELECT cases, paid_amount, payer_class, claim_id FROM market_cases ORDER BY rendering_npi LIMIT 1",
    );
    expect(first).toEqual({ cases: 1, paid_amount: null, payer_class: "other", claim_id: null });
  });

  test("customer or competitor: the organisation's provider or facility makes a case the customer's", async () => {
    await bindInputs(duck, inputs, completeFilters({ year: 2024 }));
    const marked = await rows(
      "SELECT rendering_npi, is_customer, referred_by_customer FROM market_base ORDER BY rendering_npi",
    );
    expect(marked).toEqual([
      { rendering_npi: "1111111111", is_customer: true, referred_by_customer: false },
      { rendering_npi: "4000000001", is_customer: false, referred_by_customer: false },
      { rendering_npi: "4000000002", is_customer: true, referred_by_customer: true },
    ]);
  });

  test("all four facility types keep cases without a setting; a subset keeps only its settings", async () => {
    await bindInputs(duck, inputs, completeFilters({ year: 2024 }));
    expect(await rows("SELECT count(*)::INTEGER AS n FROM market_base")).toEqual([{ n: 3 }]);
    await bindInputs(duck, inputs, completeFilters({ year: 2024, facility_type: ["IP", "OP", "ASC"] }));
    expect(await rows("SELECT count(*)::INTEGER AS n FROM market_base")).toEqual([{ n: 2 }]);
  });

  test("practice cases: one per claim and table, categorised by the first surgical line in table order", async () => {
    await bindInputs(duck, inputs, completeFilters({ year: 2024 }));
    const cases = await rows(
      "SELECT is_surgical, category, volume FROM practice_cases ORDER BY is_surgical, category",
    );
    // C1 professional: joint replacement ranks before spine; C1 facility is a claim of its own.
    expect(cases).toEqual([
      { is_surgical: false, category: "established_em", volume: 2 },
      { is_surgical: true, category: "le_joint_replacement", volume: 1 },
      { is_surgical: true, category: "spine", volume: 1 },
    ]);
  });

  test("filter values are bound: a quote in a value is data, not SQL", async () => {
    // Bypassing validation on purpose: the binding itself must hold.
    const hostile = completeFilters({ year: 2024, facilities: ["9000000001' OR '1'='1"] });
    await bindInputs(duck, inputs, hostile);
    expect(await rows("SELECT count(*)::INTEGER AS n FROM market_base")).toEqual([{ n: 0 }]);
    expect(await rows("SELECT full_name FROM org_providers")).toEqual([{ full_name: "Dr O'Own" }]);
  });

  test("kernel parameters are bound by name", async () => {
    await bindInputs(duck, inputs, completeFilters({ year: 2024 }));
    const sql = sqlRunner(duck, join(import.meta.dir, "testing"));
    const found = await sql.rows("named_parameters.sql", z.object({ n: sqlNumber, echoed: z.string() }), {
      names: ["Dr Alpha", "x'); DROP TABLE org_providers; --"],
      echo: "O'Brien",
    });
    expect(found).toEqual([{ n: 2, echoed: "O'Brien" }]);
    expect(await rows("SELECT count(*)::INTEGER AS n FROM org_providers")).toEqual([{ n: 1 }]);
  });

  test("the service-area bits bound with the filters are those of the SQL macro", async () => {
    await bindInputs(duck, inputs, completeFilters({ year: 2024 }));
    // Every non-empty choice of types: PSA 1, SSA 2, TSA 4 (base_views.sql).
    const choices = [
      ["PSA"],
      ["SSA"],
      ["TSA"],
      ["PSA", "SSA"],
      ["PSA", "TSA"],
      ["SSA", "TSA"],
      ["PSA", "SSA", "TSA"],
    ];
    const expected = [1, 2, 4, 3, 5, 6, 7];
    expect(choices.map((types) => areaMask(types))).toEqual(expected);
    for (const [index, types] of choices.entries()) {
      const [row] = await duck.all("SELECT area_mask($1::VARCHAR[])::INTEGER AS mask", [listValue(types)]);
      expect(row).toEqual({ mask: expected[index] });
    }
  });

  test("a run with other filters on the same connection binds them (the kept row is not reused)", async () => {
    const memo = new Map<string, string>();
    await bindInputs(duck, inputs, completeFilters({ year: 2024 }), memo);
    expect(await rows("SELECT count(*)::INTEGER AS n FROM market_base")).toEqual([{ n: 3 }]);
    await bindInputs(duck, inputs, completeFilters({ year: 2024, facility_type: ["IP", "OP", "ASC"] }), memo);
    expect(await rows("SELECT count(*)::INTEGER AS n FROM market_base")).toEqual([{ n: 2 }]);
    await bindInputs(duck, inputs, completeFilters({ year: 2024, service_area: ["SSA"] }), memo);
    expect(await rows("SELECT count(*)::INTEGER AS n FROM market_base")).toEqual([{ n: 0 }]);
    await bindInputs(duck, inputs, completeFilters({ year: 2024 }), memo);
    expect(await rows("SELECT count(*)::INTEGER AS n FROM market_base")).toEqual([{ n: 3 }]);
  });

  /*
   * Each filter's condition, by hand. M by default: the three cases of patient zip 10001 (PSA); the
   * fourth is outside the service area. Their facility zip is 10001; Own ASC (2222222222) has the
   * trauma case; Dr Alpha (4000000001) the IP case. Every provider's main zip is 10001. The practice
   * lines (4, all by 1111111111, no place zip) are not restricted by the service area; their three
   * cases (an E&M line of 2 units and two surgical claims, all OFFICE but the facility claim's ASC)
   * weigh 4.
   */
  test("every filter restricts the base sets as the definition says, rolled-up relations included", async () => {
    const cases = [
      { filters: {}, market: 3, practice: 4 },
      { filters: { facilities: ["2222222222"] }, market: 1, practice: 0 },
      { filters: { providers: ["4000000001"] }, market: 1, practice: 0 },
      { filters: { providers: ["1111111111"] }, market: 1, practice: 4 },
      { filters: { facility_zipcodes: ["10001"] }, market: 3, practice: 0 },
      { filters: { facility_zipcodes: ["99999"] }, market: 0, practice: 0 },
      { filters: { provider_zipcodes: ["10001"] }, market: 3, practice: 4 },
      { filters: { provider_zipcodes: ["99999"] }, market: 0, practice: 0 },
      { filters: { facility_type: ["ASC", "OFFICE"] }, market: 1, practice: 4 },
      { filters: { facility_type: ["OP", "ASC"] }, market: 1, practice: 1 },
      { filters: { service_area: ["SSA", "TSA"] }, market: 0, practice: 4 },
    ];
    const memo = new Map<string, string>();
    for (const { filters, market, practice } of cases) {
      await bindInputs(duck, inputs, completeFilters({ year: 2024, ...filters }), memo);
      const [counts] = await rows(`SELECT
          (SELECT coalesce(sum(cases), 0)::INTEGER FROM market_base) AS market,
          (SELECT coalesce(sum(cases), 0)::INTEGER FROM market_base_rendered) AS market_rendered,
          (SELECT coalesce(sum(volume), 0)::INTEGER FROM practice_cases) AS practice,
          (SELECT coalesce(sum(volume), 0)::INTEGER FROM practice_volumes) AS practice_volumes`);
      expect({ filters, counts }).toEqual({
        filters,
        counts: { market, market_rendered: market, practice, practice_volumes: practice },
      });
    }
  });
});
