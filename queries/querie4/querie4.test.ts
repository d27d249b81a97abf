import { afterAll, describe, expect, test } from "bun:test";
import { goldenHarness, marketCase } from "../../server/engine/testing/golden.ts";
import { expectInsightsCiteTheAnswer } from "../../server/engine/testing/insightChecks.ts";
import plugin from "./plugin.ts";

/*
 * Practice provider 1111111111, facility 2222222222 (Own ASC). In M:
 *   the practice's provider operates 4 cases at Own ASC, 3 at Hospital A, and 1 at each of ten
 *   small hospitals H01..H10 -> 17 cases at 12 facilities: top 9 = Own ASC 4, Hospital A 3,
 *   H01..H07 1 each; OTHER = H08, H09, H10 = 3 cases (3/17 of the pie; each 1/3 of OTHER).
 *   At Own ASC: the practice's provider 4 cases and outside surgeon Dr Out 2 -> 6 cases.
 */
const own = { rendering_npi: "1111111111", rendering_name: "Dr Own" };
const ownAsc = { facility_npi: "2222222222", facility_name: "Own ASC" };
const small = Array.from({ length: 10 }, (_, index) => {
  const n = String(index + 1).padStart(2, "0");
  return marketCase({ ...own, facility_npi: `30000000${n}`, facility_name: `H${n}` });
});
const market = [
  marketCase({ ...own, ...ownAsc, cases: 4 }),
  marketCase({ ...own, facility_npi: "3100000000", facility_name: "Hospital A", cases: 3 }),
  ...small,
  marketCase({ rendering_npi: "4000000001", rendering_name: "Dr Out", ...ownAsc, cases: 2 }),
  marketCase({ rendering_npi: "4000000002", rendering_name: "Dr Far", facility_npi: "3100000000", cases: 5 }),
];
const data = {
  providers: [{ npi: "1111111111", full_name: "Dr Own" }],
  facilities: [{ npi: "2222222222", name: "Own ASC" }],
  market,
};

const harness = goldenHarness();
afterAll(() => harness.close());

describe("querie4 Facility Partnerships", () => {
  test("facilities pie: top 9 then OTHER, by hand", async () => {
    const result = await harness.run(plugin, data);
    expect(result.facilities_total).toBe(17);
    expect(result.facilities_pie).toHaveLength(10);
    expect(result.facilities_pie[0]).toEqual({
      npi: "2222222222",
      name: "Own ASC",
      cases: 4,
      own: true,
      percentage: (4 / 17) * 100,
    });
    expect(result.facilities_pie[1]).toEqual({
      npi: "3100000000",
      name: "Hospital A",
      cases: 3,
      own: false,
      percentage: (3 / 17) * 100,
    });
    expect(result.facilities_pie.slice(2, 9).map((slice) => slice.name)).toEqual([
      "H01",
      "H02",
      "H03",
      "H04",
      "H05",
      "H06",
      "H07",
    ]);
    expect(result.facilities_pie[9]).toEqual({
      npi: null,
      name: "OTHER",
      cases: 3,
      own: false,
      percentage: (3 / 17) * 100,
    });
    expect(result.facilities_other.map((slice) => [slice.name, slice.cases, slice.share_of_other])).toEqual([
      ["H08", 1, (1 / 3) * 100],
      ["H09", 1, (1 / 3) * 100],
      ["H10", 1, (1 / 3) * 100],
    ]);
  });

  test("providers pie at the practice's facilities, by hand", async () => {
    const result = await harness.run(plugin, data);
    expect(result.providers_total).toBe(6);
    expect(result.providers_pie).toEqual([
      { npi: "1111111111", name: "Dr Own", cases: 4, own: true, percentage: (4 / 6) * 100 },
      { npi: "4000000001", name: "Dr Out", cases: 2, own: false, percentage: (2 / 6) * 100 },
    ]);
    expect(result.providers_other).toEqual([]);
  });

  test("invariant: slices sum to 100", async () => {
    const result = await harness.run(plugin, data);
    expect(result.facilities_pie.reduce((sum, slice) => sum + slice.percentage, 0)).toBeCloseTo(100, 10);
    expect(result.facilities_other.reduce((sum, slice) => sum + slice.share_of_other, 0)).toBeCloseTo(
      100,
      10,
    );
  });

  test("insights: where the surgeons operate, their partner, the outside surgeon, from the answer's figures", async () => {
    const answer = await harness.answer(plugin, data);
    // Own ASC 4 of 17 (23.53%), Hospital A 3 of 17 (17.65%); Dr Out 2 of Own ASC's 6 (33.33%).
    expect(answer.insights.map((insight) => insight.text)).toEqual([
      "Your surgeons performed 17 cases; the most at Own ASC, your own facility: 23.5% (4 cases).",
      "Their busiest partner facility is Hospital A: 17.6% (3 cases).",
      "The busiest outside surgeon at your facilities, Dr Out, performed 33.3% of their 6 cases (2).",
    ]);
    expectInsightsCiteTheAnswer(answer);
  });

  test("insights: no case of the practice's surgeons or at its facilities, no sentence", async () => {
    const answer = await harness.answer(plugin, {
      ...data,
      market: [marketCase({ rendering_npi: "4000000002", facility_npi: "3100000000" })],
    });
    expect(answer.results.facilities_total).toBe(0);
    expect(answer.insights).toEqual([]);
  });
});
