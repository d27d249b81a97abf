import { afterAll, describe, expect, test } from "bun:test";
import { goldenHarness, marketCase, practiceLine } from "../../server/engine/testing/golden.ts";
import { expectInsightsCiteTheAnswer } from "../../server/engine/testing/insightChecks.ts";
import plugin from "./plugin.ts";

/*
 * The customer's provider is 1111111111. Service area: 10001 and 10002 PSA, 10003 SSA; facility
 * zip 10001 is inside, 30000 ("Far Hospital") outside. Year 2024, reference year 2022: two years.
 * Filters: the four lines below, PSA and SSA.
 *
 * Market 2024 (rows: patient zip, setting, who, cases, paid amount of the row)
 *   spine   a 10001 OP  customer                    4  4,000
 *           b 10002 ASC customer                    2  3,000
 *           c 10001 IP  Dr Alpha, referred by us,   2 10,000   at Far Hospital (outside)
 *           d 10003 IP  Dr Beta                   113  none
 *   trauma  e 10001 OP  Dr Alpha, referred by us    3  none
 *           f 10001 OP  customer                    1  none
 *   hand_ue g 10002 OP  customer                    2  none
 *           h 10002 IP  Dr Beta, referred by us     1  none
 *   foot_ankle i 10001 IP Dr Beta                   4  8,000
 * Market 2022: spine 10001 64, 10003 36; hand_ue 10002 3; foot_ankle 10001 1.
 * Practice: trauma claim T1 (trauma line 500 + E&M line 100 = 600), trauma claim T2 (900); an
 * E&M-only claim (50) is not a surgical case.
 * Demographics: 10001 1,000 -> 1,100 (x1.1); 10002 2,000 -> 1,800 (x0.9); 10003 no projection;
 * 20000 (not in the service area) 100 -> 500.
 *
 * Average paid: spine (4,000 + 3,000 + 10,000) / (4 + 2 + 2) = 2,125 (d has no paid amount and is
 * left out); OP 1,000, ASC 1,500, IP 5,000. Trauma: no market paid amount -> practice
 * (600 + 900) / 2 = 750. Hand: neither -> no price (null). Foot: 8,000 / 4 = 2,000.
 */
const own = { rendering_npi: "1111111111", rendering_name: "Dr Own" };
const alpha = { rendering_npi: "4000000001", rendering_name: "Dr Alpha" };
const beta = { rendering_npi: "4000000002", rendering_name: "Dr Beta" };
const referredByUs = { referring_npi: "1111111111" };
const far = { facility_npi: "3000000009", facility_name: "Far Hospital", facility_zip: "30000" };
const market = [
  marketCase({
    service_line: "spine",
    patient_zip: "10001",
    setting: "OP",
    ...own,
    cases: 4,
    paid_amount: 4000,
  }),
  marketCase({
    service_line: "spine",
    patient_zip: "10002",
    setting: "ASC",
    ...own,
    cases: 2,
    paid_amount: 3000,
  }),
  marketCase({
    service_line: "spine",
    patient_zip: "10001",
    ...alpha,
    ...referredByUs,
    ...far,
    cases: 2,
    paid_amount: 10000,
  }),
  marketCase({ service_line: "spine", patient_zip: "10003", ...beta, cases: 113 }),
  marketCase({
    service_line: "trauma",
    patient_zip: "10001",
    setting: "OP",
    ...alpha,
    ...referredByUs,
    cases: 3,
  }),
  marketCase({ service_line: "trauma", patient_zip: "10001", setting: "OP", ...own }),
  marketCase({ service_line: "hand_ue", patient_zip: "10002", setting: "OP", ...own, cases: 2 }),
  marketCase({ service_line: "hand_ue", patient_zip: "10002", ...beta, ...referredByUs }),
  marketCase({ service_line: "foot_ankle", patient_zip: "10001", ...beta, cases: 4, paid_amount: 8000 }),
];
const marketReference = [
  marketCase({ year: 2022, service_line: "spine", patient_zip: "10001", ...beta, cases: 64 }),
  marketCase({ year: 2022, service_line: "spine", patient_zip: "10003", ...beta, cases: 36 }),
  marketCase({ year: 2022, service_line: "hand_ue", patient_zip: "10002", ...beta, cases: 3 }),
  marketCase({ year: 2022, service_line: "foot_ankle", patient_zip: "10001", ...beta }),
];
const practice = [
  practiceLine({ claim_id: "T1", line: 1, category: "trauma", cpt: "27506", paid_amount: 500 }),
  practiceLine({ claim_id: "T1", line: 2, category: "established_em", paid_amount: 100 }),
  practiceLine({ claim_id: "T2", line: 1, category: "trauma", cpt: "27506", paid_amount: 900 }),
  practiceLine({ claim_id: "E1", line: 1, category: "established_em", paid_amount: 50 }),
];
const demographics = [
  { zip: "10001", population: 1000, population_65_plus: 200, projected_population_5y: 1100 },
  { zip: "10002", population: 2000, population_65_plus: 300, projected_population_5y: 1800 },
  { zip: "10003", population: 500, population_65_plus: 100, projected_population_5y: null },
  { zip: "20000", population: 100, population_65_plus: 10, projected_population_5y: 500 },
];
const data = {
  market,
  marketReference,
  practice,
  demographics,
  providers: [{ npi: "1111111111", full_name: "Dr Own" }],
  serviceArea: [
    { zipcode: "10001", type: "PSA" as const },
    { zipcode: "10002", type: "PSA" as const },
    { zipcode: "10003", type: "SSA" as const },
  ],
};
const chosen = { servicelines: ["spine", "trauma", "hand_ue", "foot_ankle"], service_area: ["PSA", "SSA"] };
/** (1 + 15%)^5, the clipped trend over five years. */
const UP_15_5Y = 1.15 ** 5;

const harness = goldenHarness();
afterAll(() => harness.close());

const lineOf = <Row extends { service_line: string }>(rows: Row[], line: string) =>
  rows.find((row) => row.service_line === line)!;

describe("querie11 Growth Opportunities", () => {
  test("prices, leaked and outmigrated dollars, by hand (recapture 25, shift 0: the defaults)", async () => {
    const result = await harness.run(plugin, data, chosen);
    const spine = lineOf(result.growth_table, "spine");
    expect(spine).toMatchObject({
      average_paid: 2125,
      price_source: "market",
      market_cases: 121,
      customer_cases: 6,
      revenue_today: 12750, // 6 x 2,125
      cases_leeked: 2,
      leaked_revenue: 4250, // c: 2 x 2,125
      outmigrated_cases: 2,
      outmigrated_revenue: 4250, // c at Far Hospital
      recaptured_cases: 0.5,
      recaptured_revenue: 1062.5,
      outpatient_cases: 4,
      shifted_cases: 0,
      shift_revenue: 0,
    });
    expect(lineOf(result.growth_table, "trauma")).toMatchObject({
      average_paid: 750,
      price_source: "practice",
      customer_cases: 1,
      revenue_today: 750,
      cases_leeked: 3,
      leaked_revenue: 2250,
      outmigrated_cases: 0,
      outmigrated_revenue: 0,
    });
    // A line with no price: its dollars are null ("no price"), never 0; its cases still count.
    expect(lineOf(result.growth_table, "hand_ue")).toMatchObject({
      average_paid: null,
      price_source: null,
      customer_cases: 2,
      revenue_today: null,
      cases_leeked: 1,
      leaked_revenue: null,
      recaptured_revenue: null,
      shift_revenue: null,
    });
    // Totals leave the unpriced line out: leaked 4,250 + 2,250 (+ foot 0); outmigrated 4,250.
    expect(result.growth_totals).toMatchObject({
      leaked_revenue: 6500,
      outmigrated_revenue: 4250,
      revenue_today: 13500, // 12,750 + 750 + foot 0 x 2,000
      recaptured_revenue: 1625, // 1,062.5 + trauma 0.75 x 750
      shift_revenue: 0,
      lines_without_price: ["hand_ue"],
    });
    // Dr Alpha: spine 2 (4,250) + trauma 3 (2,250); Dr Beta: hand 1, no price.
    expect(result.leaked_revenue_providers).toEqual([
      { name: "Dr Alpha", cases: 5, revenue: 6500 },
      { name: "Dr Beta", cases: 1, revenue: null },
    ]);
    expect(result.outmigrated_revenue_facilities).toEqual([
      { name: "Far Hospital", cases: 2, revenue: 4250 },
    ]);
  });

  test("outmigrated dollars split: the customer's own cases at an outside facility, and the others'", async () => {
    // One more spine case of the customer's own surgeon at Far Hospital (outside), without a paid
    // amount (the price stays 2,125): spine outmigrated 3 = own 1 ($2,125) + others' 2 (c, $4,250).
    const ownOutside = marketCase({ service_line: "spine", patient_zip: "10002", ...own, ...far });
    const result = await harness.run(plugin, { ...data, market: [...market, ownOutside] }, chosen);
    expect(lineOf(result.growth_table, "spine")).toMatchObject({
      average_paid: 2125,
      customer_cases: 7,
      outmigrated_cases: 3,
      outmigrated_revenue: 6375,
      outmigrated_own_cases: 1,
      outmigrated_own_revenue: 2125,
      outmigrated_other_cases: 2,
      outmigrated_other_revenue: 4250,
    });
    // A line without a price: its cases split, its dollars null.
    expect(lineOf(result.growth_table, "hand_ue")).toMatchObject({
      outmigrated_own_cases: 0,
      outmigrated_own_revenue: null,
      outmigrated_other_revenue: null,
    });
    expect(result.growth_totals).toMatchObject({
      outmigrated_revenue: 6375,
      outmigrated_own_revenue: 2125,
      outmigrated_other_revenue: 4250,
    });
    // The finding says how much of it is the customer's own (in revenue today too), citing the answer.
    const answer = await harness.answer(plugin, { ...data, market: [...market, ownOutside] }, chosen);
    expect(answer.insights[1]!.text).toBe(
      "Care performed outside the service area was worth about $6.4k at the market's average paid, $2.1k of it your own cases (counted in your revenue today too); Far Hospital took the most ($6.4k, 3 cases).",
    );
    expect(answer.insights[1]!.figures["results.growth_totals.outmigrated_own_revenue"]).toBe(2125);
    expectInsightsCiteTheAnswer(answer);
    // Without any own case outside (the data above): all outmigrated dollars are the others'.
    const before = await harness.run(plugin, data, chosen);
    expect(before.growth_totals).toMatchObject({
      outmigrated_own_revenue: 0,
      outmigrated_other_revenue: 4250,
    });
  });

  test("five-year demand by population and by trend, per line, by hand", async () => {
    const result = await harness.run(plugin, data, chosen);
    const spine = lineOf(result.growth_table, "spine");
    // Population: 10001 (a 4 + c 2) x 1.1 = 6.6; 10002 (b 2) x 0.9 = 1.8; 10003 (d 113) keeps its
    // cases (no projection): 121.4, one zip without a projection.
    expect(spine.demand_population_5y).toBeCloseTo(121.4, 10);
    expect(spine.zips_without_projection).toBe(1);
    // Trend: 121 today, 100 in 2022 -> (1.21)^(1/2) - 1 = 10% a year -> 121 x 1.1^5 = 194.87171.
    expect(spine.trend_rate).toBeCloseTo(10, 10);
    expect(spine.trend_clipped).toBe(false);
    expect(spine.demand_trend_5y).toBeCloseTo(194.87171, 8);
    // The customer at today's share 6/121: 121.4 x 6/121 = 6.0198...; 194.87171 x 6/121 = 6 x 1.1^5.
    expect(spine.customer_5y_population).toBeCloseTo((121.4 * 6) / 121, 10);
    expect(spine.customer_5y_trend).toBeCloseTo(6 * 1.61051, 8);
    // Demand revenue: (6.0198... - 6) x 2,125 = 2.4/121 x 2,125.
    expect(spine.demand_revenue).toBeCloseTo((2.4 / 121) * 2125, 8);

    // A clipped trend: foot 4 cases against 1 -> (4/1)^(1/2) - 1 = +100% a year, clipped to +15%.
    const foot = lineOf(result.growth_table, "foot_ankle");
    expect(foot.trend_rate_unclipped).toBeCloseTo(100, 10);
    expect(foot.trend_rate).toBeCloseTo(15, 10);
    expect(foot.trend_clipped).toBe(true);
    expect(foot.trend_note).toBe("clipped to ±15% a year");
    expect(foot.demand_trend_5y).toBeCloseTo(4 * UP_15_5Y, 10);
    expect(foot.customer_5y_trend).toBe(0);
    expect(result.growth_totals.clipped_trend_lines).toEqual(["foot_ankle"]);

    // Trauma has no case in 2022: no trend (null, "N/A"); population 4 x 1.1 = 4.4; the customer's
    // 1 of 4 -> 1.1 -> demand revenue 0.1 x 750 = 75.
    const trauma = lineOf(result.growth_table, "trauma");
    expect(trauma.trend_rate).toBeNull();
    expect(trauma.demand_trend_5y).toBeNull();
    expect(trauma.customer_5y_trend).toBeNull();
    expect(trauma.trend_note).toBe("no cases in the reference year");
    expect(trauma.demand_population_5y).toBeCloseTo(4.4, 10);
    expect(trauma.demand_revenue).toBeCloseTo(75, 10);
    // Hand: 3 cases both years -> 0%; population 3 x 0.9 = 2.7.
    const hand = lineOf(result.growth_table, "hand_ue");
    expect(hand.trend_rate).toBe(0);
    expect(hand.demand_trend_5y).toBe(3);
    expect(hand.demand_population_5y).toBeCloseTo(2.7, 10);
    // Zips with cases and no projection, over all chosen lines: 10003 only.
    expect(result.growth_totals.zips_without_projection).toBe(1);
  });

  test("demand per line and service-area type, by hand", async () => {
    const result = await harness.run(plugin, data, chosen);
    const spinePsa = result.growth_demand.find(
      (row) => row.service_line === "spine" && row.area_type === "PSA",
    )!;
    // PSA: a 4 + b 2 + c 2 = 8 cases, the customer's 6 (75%); population 6.6 + 1.8 = 8.4;
    // trend 8 against 64 -> (1/8)^(1/2) - 1 = -64.6% a year, clipped to -15% -> 8 x 0.85^5.
    expect(spinePsa).toMatchObject({ market_cases: 8, customer_cases: 6, share: 75, trend_clipped: true });
    expect(spinePsa.demand_population_5y).toBeCloseTo(8.4, 10);
    expect(spinePsa.customer_5y_population).toBeCloseTo(6.3, 10);
    expect(spinePsa.trend_rate).toBeCloseTo(-15, 10);
    expect(spinePsa.demand_trend_5y).toBeCloseTo(8 * 0.85 ** 5, 10);
    expect(spinePsa.customer_5y_trend).toBeCloseTo(6 * 0.85 ** 5, 10);
    const spineSsa = result.growth_demand.find(
      (row) => row.service_line === "spine" && row.area_type === "SSA",
    )!;
    // SSA: d 113 (no projection: kept); 113 against 36 -> +77% a year, clipped to +15%.
    expect(spineSsa).toMatchObject({
      market_cases: 113,
      customer_cases: 0,
      share: 0,
      zips_without_projection: 1,
    });
    expect(spineSsa.demand_population_5y).toBe(113);
    expect(spineSsa.demand_trend_5y).toBeCloseTo(113 * UP_15_5Y, 10);
    expect(result.growth_demand).toHaveLength(8); // 4 lines x 2 area types
  });

  test("what-if at recapture 0 and 100, with half the outpatient cases moved to the ASC, by hand", async () => {
    const none = await harness.run(plugin, data, { ...chosen, recapture_pct: 0 });
    // Today: cases 6 + 1 + 2 + 0 = 9; revenue 13,500. Recapture 0 changes nothing.
    expect(none.growth_what_if).toEqual([
      { scenario: "Today", cases: 9, revenue: 13500 },
      { scenario: "After recapture", cases: 9, revenue: 13500 },
      { scenario: "After the ASC shift", cases: 9, revenue: 13500 },
      { scenario: "Difference", cases: 0, revenue: 0 },
    ]);
    const all = await harness.run(plugin, data, { ...chosen, recapture_pct: 100, asc_shift_pct: "50" });
    // Recapture 100: spine 2 x 2,125 + trauma 3 x 750 = 6,500 (hand's 1 case counts, unpriced);
    // cases 9 + 2 + 3 + 1 = 15. Shift 50%: spine's 4 OP cases -> 2 moved x (1,500 - 1,000) = 1,000;
    // trauma has no market OP/ASC price: 0; hand has no price: left out.
    expect(all.growth_what_if).toEqual([
      { scenario: "Today", cases: 9, revenue: 13500 },
      { scenario: "After recapture", cases: 15, revenue: 20000 },
      { scenario: "After the ASC shift", cases: 15, revenue: 21000 },
      { scenario: "Difference", cases: 6, revenue: 7500 },
    ]);
    expect(lineOf(all.growth_table, "trauma")).toMatchObject({
      shifted_cases: 0.5,
      shift_revenue: 0,
      shift_priced: false,
    });
    expect(all.growth_waterfall.map((step) => [step.step, step.start, step.end])).toEqual([
      ["today", 0, 13500],
      ["recapture", 13500, 20000],
      ["site_shift", 20000, 21000],
      ["demand", 21000, 21000 + all.growth_totals.demand_revenue],
      ["five_years", 0, 21000 + all.growth_totals.demand_revenue],
    ]);
    // Five-year demand revenue: spine 2.4/121 x 2,125 + trauma 75 (foot: no customer case).
    expect(all.growth_totals.demand_revenue).toBeCloseTo((2.4 / 121) * 2125 + 75, 8);
  });

  test("the map: five-year population growth of each zip of the chosen service area", async () => {
    const result = await harness.run(plugin, data, chosen);
    expect(Object.keys(result.population_growth)).toEqual(["10001", "10002", "10003"]);
    expect(result.population_growth["10001"]).toMatchObject({ growth: 10, band: 4, population: 1000 });
    expect(result.population_growth["10002"]).toMatchObject({ growth: -10, band: 0 });
    expect(result.population_growth["10003"]).toMatchObject({ growth: null, band: null });
    expect(result.population_growth["10001"]!.polygon?.type).toBe("poly");
  });

  test("the service-area filter: PSA only leaves 10003's cases and zip out", async () => {
    const result = await harness.run(plugin, data, { servicelines: ["spine"] });
    // Default area PSA: spine a, b, c = 8 cases; price unchanged (d has no paid amount).
    expect(lineOf(result.growth_table, "spine")).toMatchObject({ market_cases: 8, average_paid: 2125 });
    expect(Object.keys(result.population_growth)).toEqual(["10001", "10002"]);
  });

  test("one market year: no trend, reported", async () => {
    const { marketReference: _none, ...oneYear } = data;
    const result = await harness.run(plugin, oneYear, chosen);
    const spine = lineOf(result.growth_table, "spine");
    expect(spine.trend_rate).toBeNull();
    expect(spine.trend_note).toBe("one market year: no trend");
    expect(result.growth_totals.trend_years).toBe(0);
  });

  // Issue 32: the oldest of two years said "one market year" although a later year exists.
  test("the reference year selected while a later year exists: no trend, and the note says why", async () => {
    const { marketReference: _none, ...oneYear } = data;
    const result = await harness.run(plugin, { ...oneYear, availableYears: [2024, 2025] }, chosen);
    const spine = lineOf(result.growth_table, "spine");
    expect(spine.trend_rate).toBeNull();
    expect(spine.trend_note).toBe("the reference (oldest) year: no trend; choose 2025 to see one");
  });

  test("what-if percentages outside 0-100 or not numbers are refused naming the field", async () => {
    for (const wrong of [120, -1, "abc", ""]) {
      const run = harness.run(plugin, data, { ...chosen, recapture_pct: wrong });
      await expect(run).rejects.toMatchObject({
        issues: [
          expect.objectContaining({ path: ["recapture_pct"], message: "must be a number from 0 to 100" }),
        ],
      });
    }
    await expect(harness.run(plugin, data, { asc_shift_pct: 101 })).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ["asc_shift_pct"] })],
    });
  });

  test("insights: leakage and its recapture, outmigration, today against five years, the trend, from the answer's figures", async () => {
    const answer = await harness.answer(plugin, data, chosen);
    // Leaked 6,500 (hand unpriced, left out), recapture 25% = 1,625; outside 4,250, all at Far
    // Hospital (2 cases); today 9 cases, 13,500, in five years 13,500 + 1,625 + 0 + 117.15 =
    // 15,242.15; spine, the largest market line (121 cases), grew 10% a year since 2022.
    expect(answer.insights.map((insight) => insight.text)).toEqual([
      "Cases your providers referred out cost about $6.5k a year at the market's average paid (Hand & Upper Extremity has no price and is left out); a 25% recapture is worth $1.6k a year.",
      "Care performed outside the service area was worth about $4.3k at the market's average paid; Far Hospital took the most ($4.3k, 2 cases).",
      "At the market's average paid your 9 cases are worth $13.5k a year; with the recapture, the ASC shift and the population's demand, $15.2k in 5 years.",
      "The Spine market grew 10.0% a year since 2022.",
    ]);
    expect(answer.insights[0]!.figures).toEqual({
      "results.growth_totals.leaked_revenue": 6500,
      "filters.numbers.recapture_pct": 25,
      "results.growth_totals.recaptured_revenue": 1625,
    });
    expectInsightsCiteTheAnswer(answer);
    // Recapture 0: the cost of leakage alone; one market year: no trend sentence.
    const { marketReference: _none, ...oneYear } = data;
    const none = await harness.answer(plugin, oneYear, { ...chosen, recapture_pct: 0 });
    expect(none.insights.map((insight) => insight.text)).toEqual([
      "Cases your providers referred out cost about $6.5k a year at the market's average paid (Hand & Upper Extremity has no price and is left out).",
      "Care performed outside the service area was worth about $4.3k at the market's average paid; Far Hospital took the most ($4.3k, 2 cases).",
      "At the market's average paid your 9 cases are worth $13.5k a year; with the recapture, the ASC shift and the population's demand, $13.6k in 5 years.",
    ]);
    expectInsightsCiteTheAnswer(none);
  });

  test("insights: no priced dollar, no dollar sentence (no $0 claims from lines without a price)", async () => {
    // Hand only: no price anywhere, so every total is 0 from nothing; one market year, no trend.
    const { marketReference: _none, ...oneYear } = data;
    const answer = await harness.answer(plugin, oneYear, { servicelines: ["hand_ue"] });
    expect(answer.results.growth_totals.lines_without_price).toEqual(["hand_ue"]);
    expect(answer.insights).toEqual([]);
    // The waterfall and the what-if say "no price" in their place (issue 32: no chart of zeros).
    expect(answer.results.price_note).toBe(
      "This service line has no paid amount in the market or in your data: there are no dollars to show. Cases are in the tables below.",
    );
    // With a priced line among them, none.
    const priced = await harness.answer(plugin, oneYear, { servicelines: ["hand_ue", "spine"] });
    expect(priced.results.price_note).toBeNull();
    const empty = await harness.answer(plugin, { ...oneYear, market: [], practice: [] }, chosen);
    expect(empty.insights).toEqual([]);
  });
});
