import { afterAll, describe, expect, test } from "bun:test";
import { goldenHarness, marketCase } from "../../server/engine/testing/golden.ts";
import { expectInsightsCiteTheAnswer } from "../../server/engine/testing/insightChecks.ts";
import plugin from "./plugin.ts";

/*
 * The practice: provider 1111111111 (Dr Own) and facility 2222222222 (Own ASC). PSA 10001, SSA 10002.
 * Hand count of M (PSA, all lines, all settings): rows a-f and h = 2+1+3+1+2+1+4 = 14 cases.
 *   customer: a (own provider, own facility) 2 + b (own provider at Hospital A) 1
 *             + f (another provider at Own ASC) 1 = 4 -> 4/14 = 28.5714...%
 *   Hospital A: c 3 + d 1 + h 4 = 8 -> 57.1428...%; providers Dr Alpha (7), Dr Beta (1)
 *   Hospital B: e 2 -> 14.2857...%; providers Dr Beta
 *   Dr Alpha 7 (Hospital A, 10001); Dr Beta 1 at A + 2 at B = 3, main facility B (10005)
 */
const own = {
  providers: [{ npi: "1111111111", full_name: "Dr Own" }],
  facilities: [{ npi: "2222222222", name: "Own ASC" }],
};
const serviceArea = [
  { zipcode: "10001", type: "PSA" as const },
  { zipcode: "10002", type: "SSA" as const },
];
const hospitalA = { facility_npi: "3000000001", facility_name: "Hospital A", facility_zip: "10001" };
const hospitalB = { facility_npi: "3000000002", facility_name: "Hospital B", facility_zip: "10005" };
const alpha = { rendering_npi: "4000000001", rendering_name: "Dr Alpha" };
const beta = { rendering_npi: "4000000002", rendering_name: "Dr Beta" };
const market = [
  /* a */ marketCase({
    rendering_npi: "1111111111",
    facility_npi: "2222222222",
    facility_name: "Own ASC",
    setting: "ASC",
    cases: 2,
  }),
  /* b */ marketCase({ rendering_npi: "1111111111", ...hospitalA }),
  /* c */ marketCase({ ...alpha, ...hospitalA, cases: 3 }),
  /* d */ marketCase({ ...beta, ...hospitalA }),
  /* e */ marketCase({ ...beta, ...hospitalB, cases: 2 }),
  /* f */ marketCase({
    rendering_npi: "4000000003",
    rendering_name: "Dr Gamma",
    facility_npi: "2222222222",
    facility_name: "Own ASC",
  }),
  /* g */ marketCase({ ...alpha, ...hospitalA, patient_zip: "10002", cases: 5 }),
  /* h */ marketCase({ ...alpha, ...hospitalA, service_line: "trauma", cases: 4 }),
  /* i */ marketCase({ ...alpha, ...hospitalA, patient_zip: "99999", cases: 7 }),
];
const data = { ...own, serviceArea, market };

const harness = goldenHarness();
afterAll(() => harness.close());

describe("querie1 Sx Market Share", () => {
  test("competitor facilities, providers and the customer's share, by hand", async () => {
    const result = await harness.run(plugin, data);
    expect(result.market_total).toBe(14);
    expect(result.customer_market_share).toEqual({ claims: 4, market_share: (4 / 14) * 100 });
    // The chart's list: the practice (4 of 14 = 28.57%) beside Hospital A (8) and Hospital B (2).
    expect(result.practice_and_competitor_facilities).toEqual([
      { name: "Your practice", side: "Practice", claims: 4, market_share: (4 / 14) * 100 },
      { name: "Hospital A", side: "Competitor", claims: 8, market_share: (8 / 14) * 100 },
      { name: "Hospital B", side: "Competitor", claims: 2, market_share: (2 / 14) * 100 },
    ]);
    expect(result.competitor_market_share_facilities).toEqual([
      {
        npi: "3000000001",
        name: "Hospital A",
        claims: 8,
        market_share: (8 / 14) * 100,
        zipcode: "10001",
        providers: ["Dr Alpha", "Dr Beta"],
      },
      {
        npi: "3000000002",
        name: "Hospital B",
        claims: 2,
        market_share: (2 / 14) * 100,
        zipcode: "10005",
        providers: ["Dr Beta"],
      },
    ]);
    expect(result.competitor_market_share_providers).toEqual([
      {
        npi: "4000000001",
        name: "Dr Alpha",
        claims: 7,
        market_share: (7 / 14) * 100,
        zipcode: "10001",
        facilities: ["Hospital A"],
      },
      {
        npi: "4000000002",
        name: "Dr Beta",
        claims: 3,
        market_share: (3 / 14) * 100,
        zipcode: "10005",
        facilities: ["Hospital B", "Hospital A"],
      },
    ]);
  });

  test("invariants: customer plus competitors is the total, shares sum to 100", async () => {
    const result = await harness.run(plugin, data, { service_area: ["PSA", "SSA"] });
    const facilities = result.competitor_market_share_facilities;
    const providers = result.competitor_market_share_providers;
    const claims = (rows: { claims: number }[]) => rows.reduce((total, row) => total + row.claims, 0);
    const shares = (rows: { market_share: number }[]) =>
      rows.reduce((total, row) => total + row.market_share, 0);
    expect(result.market_total).toBe(19);
    expect(claims(facilities) + result.customer_market_share.claims).toBe(result.market_total);
    expect(claims(providers) + result.customer_market_share.claims).toBe(result.market_total);
    expect(shares(facilities) + result.customer_market_share.market_share).toBeCloseTo(100, 10);
    expect(shares(providers) + result.customer_market_share.market_share).toBeCloseTo(100, 10);
  });

  test("filters restrict M: service lines, facility types, facilities", async () => {
    const trauma = await harness.run(plugin, data, { servicelines: ["trauma"] });
    expect(trauma.market_total).toBe(4);
    expect(trauma.competitor_market_share_facilities).toEqual([
      {
        npi: "3000000001",
        name: "Hospital A",
        claims: 4,
        market_share: 100,
        zipcode: "10001",
        providers: ["Dr Alpha"],
      },
    ]);
    const asc = await harness.run(plugin, data, { facility_type: ["ASC"] });
    expect(asc.customer_market_share).toEqual({ claims: 2, market_share: 100 });
    expect(asc.competitor_market_share_facilities).toEqual([]);
    const atB = await harness.run(plugin, data, { facilities: ["3000000002"] });
    expect(atB.market_total).toBe(2);
    const zipB = await harness.run(plugin, data, { provider_zipcodes: ["10005"] });
    // Dr Beta's main facility zip is 10005: all of Dr Beta's PSA cases (d, e) stay.
    expect(zipB.market_total).toBe(3);
  });

  test("the filter dialog's lists: the service area's facilities and providers, largest first", async () => {
    const result = await harness.run(plugin, data);
    // In the area (10001, 10002): Hospital A c+d+g+h+b = 3+1+5+4+1 = 14, Own ASC a+f = 3, Hospital B 2.
    expect(result.facilities_name_list).toEqual([
      { npi: "3000000001", name: "Hospital A", zipcode: "10001" },
      { npi: "2222222222", name: "Own ASC", zipcode: "10001" },
      { npi: "3000000002", name: "Hospital B", zipcode: "10005" },
    ]);
    // Dr Alpha c+g+h = 12; then 3 each, by name: Dr Beta (d+e) and 1111111111 (a+b, default name).
    expect(result.providers_name_list.map((provider) => provider.name)).toEqual([
      "Dr Alpha",
      "Dr Beta",
      "Provider 8000000001",
      "Dr Gamma",
    ]);
    expect(result.service_list).toHaveLength(7);
  });

  test("an empty market gives zero shares, not NaN", async () => {
    const result = await harness.run(plugin, { ...own, serviceArea, market: [] });
    expect(result.customer_market_share).toEqual({ claims: 0, market_share: 0 });
    expect(result.competitor_market_share_facilities).toEqual([]);
    expect(result.practice_and_competitor_facilities).toEqual([
      { name: "Your practice", side: "Practice", claims: 0, market_share: 0 },
    ]);
  });

  test("insights: the practice's share and the largest competitors, in words, from the answer's figures", async () => {
    const answer = await harness.answer(plugin, data);
    // 4 of 14 = 28.57%; Hospital A 8 of 14 = 57.14%; Dr Alpha 7 of 14 = 50%.
    expect(answer.insights.map((insight) => insight.text)).toEqual([
      "In your PSA you performed 28.6% of the surgical cases (4 of 14).",
      "The largest competitor facility, Hospital A, performed 57.1% (8 cases).",
      "The largest competitor surgeon, Dr Alpha, performed 50.0% (7 cases).",
    ]);
    expect(answer.insights[0]!.figures).toEqual({
      "results.customer_market_share.market_share": (4 / 14) * 100,
      "results.customer_market_share.claims": 4,
      "results.market_total": 14,
    });
    expectInsightsCiteTheAnswer(answer);
    const trauma = await harness.answer(plugin, data, {
      servicelines: ["trauma"],
      service_area: ["PSA", "SSA"],
    });
    expect(trauma.insights[0]!.text).toBe(
      "In your PSA and SSA you performed 0.0% of the Trauma cases (0 of 4).",
    );
    expectInsightsCiteTheAnswer(trauma);
  });

  test("insights: an empty market writes no sentence (no 0% from no case)", async () => {
    const answer = await harness.answer(plugin, { ...own, serviceArea, market: [] });
    expect(answer.insights).toEqual([]);
  });
});
