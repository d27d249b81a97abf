import { afterAll, describe, expect, test } from "bun:test";
import { parseFilters } from "../../server/engine/filters.ts";
import { goldenHarness, marketCase } from "../../server/engine/testing/golden.ts";
import { expectInsightsCiteTheAnswer } from "../../server/engine/testing/insightChecks.ts";
import plugin from "./plugin.ts";

/*
 * Practice provider 1111111111. M (PSA), spine and trauma:
 *   spine  practice: IP 1, ASC 3              -> IP 25%, ASC 75%
 *   spine  competitor: IP 2, OP 2              -> IP 50%, OP 50%
 *   trauma practice: OFFICE 1 (+ 5 without setting, left out) -> OFFICE 100%
 *   trauma competitor: IP 4                    -> IP 100%
 * Pooled, practice: IP 1, ASC 3, OFFICE 1 = 5  -> 20%, 0%, 60%, 20%
 * Pooled, competitor: IP 6, OP 2 = 8           -> 75%, 25%, 0%, 0%
 * (An average of the lines' percentages would give the practice IP 12.5%: the pooled rule differs.)
 */
const own = { rendering_npi: "1111111111" };
const other = { rendering_npi: "4000000001" };
const market = [
  marketCase({ ...own, service_line: "spine", setting: "IP" }),
  marketCase({ ...own, service_line: "spine", setting: "ASC", cases: 3 }),
  marketCase({ ...other, service_line: "spine", setting: "IP", cases: 2 }),
  marketCase({ ...other, service_line: "spine", setting: "OP", cases: 2 }),
  marketCase({ ...own, service_line: "trauma", setting: "OFFICE" }),
  marketCase({ ...own, service_line: "trauma", setting: null, cases: 5 }),
  marketCase({ ...other, service_line: "trauma", setting: "IP", cases: 4 }),
];
const data = { providers: [{ npi: "1111111111", full_name: "Dr Own" }], market };
const twoLines = { servicelines: ["spine", "trauma"] };
const cell = (competitor: number, customer: number) => ({
  competitor: { market_share: competitor },
  customer: { market_share: customer },
});

const harness = goldenHarness();
afterAll(() => harness.close());

describe("querie6 Site of Care", () => {
  test("per line and pooled shares, by hand", async () => {
    const result = await harness.run(plugin, data, twoLines);
    expect(result.overall_surgical_market_site_of_care).toEqual({
      spine: { IP: cell(50, 25), OP: cell(50, 0), ASC: cell(0, 75), OFFICE: cell(0, 0) },
      trauma: { IP: cell(100, 0), OP: cell(0, 0), ASC: cell(0, 0), OFFICE: cell(0, 100) },
    });
    expect(result.average_site_of_care_settings).toEqual({
      IP: { competitor: 75, customer: 20 },
      OP: { competitor: 25, customer: 0 },
      ASC: { competitor: 0, customer: 60 },
      OFFICE: { competitor: 0, customer: 20 },
    });
    expect(result.site_of_care_table.at(-1)).toEqual({
      service: "All surgical service",
      market_ip: 75,
      market_op: 25,
      market_asc: 0,
      market_office: 0,
      practice_ip: 20,
      practice_op: 0,
      practice_asc: 60,
      practice_office: 20,
    });
  });

  test("invariant: each side of each line sums to 100 (or 0 when it has no case)", async () => {
    const result = await harness.run(plugin, data);
    for (const [line, settings] of Object.entries(result.overall_surgical_market_site_of_care)) {
      for (const side of ["competitor", "customer"] as const) {
        const total = Object.values(settings).reduce((sum, entry) => sum + entry[side].market_share, 0);
        expect([0, 100]).toContain(Math.round(total * 1e9) / 1e9);
        if (line === "spine") expect(total).toBeCloseTo(100, 10);
      }
    }
    expect(Object.keys(result.overall_surgical_market_site_of_care)).toHaveLength(7);
  });

  test("only year and servicelines are filters of this screen: others are ignored, unknown keys refused", async () => {
    const ignored = await harness.run(plugin, data, { ...twoLines, facility_type: ["IP"] });
    expect(ignored.average_site_of_care_settings.ASC.customer).toBe(60);
    const parsed = parseFilters(plugin.filters, { year: 2024 }, { colour: "red" });
    expect(parsed.success).toBe(false);
  });

  test("insights: ASC and inpatient shares against competitors', the widest ASC gap, from the answer's figures", async () => {
    const answer = await harness.answer(plugin, data, twoLines);
    // Pooled: ASC 60% against 0%, IP 20% against 75%; spine's ASC 75% against 0% is the widest gap
    // (trauma's is 0 against 0).
    expect(answer.insights.map((insight) => insight.text)).toEqual([
      "60.0% of your Spine and Trauma cases were done in an ASC, against 0.0% of your competitors'.",
      "20.0% were inpatient, against 75.0% of your competitors'.",
      "The ASC shares differ most in Spine: 75.0% of your cases against 0.0% of your competitors'.",
    ]);
    expectInsightsCiteTheAnswer(answer);
  });

  test("insights: a practice with no case writes no sentence (its shares are 0 of nothing)", async () => {
    const answer = await harness.answer(
      plugin,
      { ...data, market: market.filter((row) => row.rendering_npi !== "1111111111") },
      twoLines,
    );
    expect(answer.insights).toEqual([]);
  });
});
