import { afterAll, describe, expect, test } from "bun:test";
import { goldenHarness, marketCase } from "../../server/engine/testing/golden.ts";
import { expectInsightsCiteTheAnswer } from "../../server/engine/testing/insightChecks.ts";
import plugin from "./plugin.ts";

/*
 * Service area: 10001 PSA, 10002 SSA, 10003 TSA. Facilities at 10001 (PSA), 10003 (TSA), 30000 (outside).
 * S (patients of any service-area zip, chosen lines):
 *   zip 10001: spine 3 at PSA, spine 1 outside (Dr Far); trauma 2 at TSA
 *   zip 10002: spine 4 outside (Dr Far 3 + Dr Away 1)
 *   A patient of 99999 (not in the area) is not in S.
 * Per destination: spine PSA 3, SSA 0, TSA 0, OUTSIDE 5, total 8 -> 62.5%; trauma TSA 2 -> 0%.
 * Zip 10001: outside 1 of 6 -> 16.66...% (band 2: 5 <= x < 30); zip 10002: 4 of 4 -> 100% (band 4).
 */
const psaFacility = { facility_npi: "3000000001", facility_zip: "10001" };
const tsaFacility = { facility_npi: "3000000003", facility_zip: "10003" };
const far = { facility_npi: "3000000009", facility_zip: "30000", rendering_name: "Dr Far" };
const market = [
  marketCase({ patient_zip: "10001", service_line: "spine", ...psaFacility, cases: 3 }),
  marketCase({ patient_zip: "10001", service_line: "spine", ...far }),
  marketCase({ patient_zip: "10001", service_line: "trauma", ...tsaFacility, cases: 2 }),
  marketCase({ patient_zip: "10002", service_line: "spine", ...far, cases: 3 }),
  marketCase({
    patient_zip: "10002",
    service_line: "spine",
    ...far,
    rendering_name: "Dr Away",
    rendering_npi: "4000000002",
  }),
  marketCase({ patient_zip: "99999", service_line: "spine", ...far, cases: 50 }),
];
const serviceArea = [
  { zipcode: "10001", type: "PSA" as const },
  { zipcode: "10002", type: "SSA" as const },
  { zipcode: "10003", type: "TSA" as const },
];
const lines = { servicelines: ["spine", "trauma"] };

const harness = goldenHarness();
afterAll(() => harness.close());

describe("querie9 Outmigration", () => {
  test("per destination and per zip, by hand", async () => {
    const result = await harness.run(plugin, { market, serviceArea }, lines);
    const [summary, byZip] = result.outmigration_filtred;
    expect(summary).toEqual({
      total: { spine: 8, trauma: 2 },
      PSA: { spine: 3, trauma: 0 },
      SSA: { spine: 0, trauma: 0 },
      TSA: { spine: 0, trauma: 2 },
      OUTSIDE: { spine: 5, trauma: 0 },
      percentage: { spine: (5 / 8) * 100, trauma: 0 },
    });
    expect(Object.keys(byZip)).toEqual(["10001", "10002"]);
    expect(byZip["10001"]).toMatchObject({
      percentage: (1 / 6) * 100,
      band: 2,
      cases: 6,
      outside_cases: 1,
      services: { spine: 1, trauma: 0 },
      providers: [{ name: "Dr Far", cases: 1 }],
    });
    expect(byZip["10002"]).toMatchObject({
      percentage: 100,
      band: 4,
      providers: [
        { name: "Dr Far", cases: 3 },
        { name: "Dr Away", cases: 1 },
      ],
    });
    expect(result.outmigration_table.at(-1)).toEqual({
      service: "All services",
      PSA: 3,
      SSA: 0,
      TSA: 2,
      OUTSIDE: 5,
      total: 10,
      percentage: 50,
    });
  });

  test("service-area polygons and zip polygons are drawn (approximate circles without a polygon file)", async () => {
    const result = await harness.run(plugin, { market, serviceArea }, lines);
    expect(result.psa_polygon?.type).toMatch(/^(poly|multipoly)$/);
    expect(result.psa_polygon?.approximation).toBe(true);
    const byZip = result.outmigration_filtred[1];
    expect(byZip["10001"]!.polygon?.type).toBe("poly");
  });

  test("invariant: destinations sum to the total of each line", async () => {
    const result = await harness.run(plugin, { market, serviceArea });
    const summary = result.outmigration_filtred[0] as Record<string, Record<string, number>>;
    for (const line of Object.keys(summary.total!)) {
      const parts = ["PSA", "SSA", "TSA", "OUTSIDE"].reduce(
        (sum, destination) => sum + summary[destination]![line]!,
        0,
      );
      expect(parts).toBe(summary.total![line]!);
    }
  });

  test("insights: the share performed outside, where the rest stays, the line and zip leaving most, from the answer's figures", async () => {
    const answer = await harness.answer(plugin, { market, serviceArea }, lines);
    // 5 of 10 outside (50%); PSA 3, SSA 0, TSA 2; spine 5 of 8 (62.5%); zip 10002 4 of 4 (100%).
    expect(answer.insights.map((insight) => insight.text)).toEqual([
      "50.0% of your service area's 10 Spine and Trauma cases (5) were performed outside it.",
      "3 were performed in the PSA, 0 in the SSA and 2 in the TSA.",
      "Spine leaves most: 62.5% (5 of 8).",
      "Patients of zip code 10002 left most: 4 of their 4 cases (100.0%).",
    ]);
    expectInsightsCiteTheAnswer(answer);
  });

  test("insights: no case from the service area, no sentence", async () => {
    const answer = await harness.answer(plugin, { market: [market.at(-1)!], serviceArea }, lines);
    expect(answer.insights).toEqual([]);
  });
});
