import { afterAll, describe, expect, test } from "bun:test";
import {
  facility,
  GOLDEN_PREVIOUS_YEAR,
  GOLDEN_YEAR,
  marketCase,
  practiceLine,
  provider,
  schemeHarness,
} from "../../server/schemes/testing/schemeHarness.ts";
import scheme from "./scheme.ts";

/*
 * Service area: 10001 PSA, 10002 SSA, 10003 TSA. The customer: provider ANN, facility MAIN.
 * Market of the year (X, Y, Z are other surgeons; NORTH at zip 10001 and SOUTH at 20000 other
 * facilities):
 *   1 spine     zip 10001  ANN at NORTH  IP   2 cases  referred by ANN   -> customer (its provider)
 *   2 spine     zip 10002  X   at NORTH  ASC  1 case   referred by ANN   -> competitor
 *   3 joints    zip 10001  X   at NORTH  OP   3 cases                    -> competitor
 *   4 joints    zip 10003  Y   at SOUTH  ASC  1 case                     -> competitor
 *   5 trauma    zip 10001  Z   at MAIN   -    1 case  (no setting)       -> customer (its facility)
 *   6 spine     zip 99999  ANN at MAIN        5 cases                    -> outside the service area
 * Previous year: spine 10001 ANN 1 case; spine 10002 X 1 case; joints 10001 X 2 cases.
 */
const ANN = "8000000001";
const X = "8000000011";
const Y = "8000000012";
const Z = "8000000013";
const MAIN = "9000000001";
const NORTH = { facility_npi: "9000000011", facility_name: "North Hospital", facility_zip: "10001" };
const SOUTH = { facility_npi: "9000000012", facility_name: "South ASC", facility_zip: "20000" };
const AT_MAIN = { facility_npi: MAIN, facility_name: "Main", facility_zip: "10002" };

const market = [
  marketCase({
    service_line: "spine",
    patient_zip: "10001",
    rendering_npi: ANN,
    ...NORTH,
    setting: "IP",
    cases: 2,
    referring_npi: ANN,
  }),
  marketCase({
    service_line: "spine",
    patient_zip: "10002",
    rendering_npi: X,
    ...NORTH,
    setting: "ASC",
    referring_npi: ANN,
  }),
  marketCase({
    service_line: "le_joint_replacement",
    patient_zip: "10001",
    rendering_npi: X,
    ...NORTH,
    setting: "OP",
    cases: 3,
  }),
  marketCase({
    service_line: "le_joint_replacement",
    patient_zip: "10003",
    rendering_npi: Y,
    ...SOUTH,
    setting: "ASC",
  }),
  marketCase({ service_line: "trauma", patient_zip: "10001", rendering_npi: Z, ...AT_MAIN, setting: null }),
  marketCase({ service_line: "spine", patient_zip: "99999", rendering_npi: ANN, ...AT_MAIN, cases: 5 }),
];
const marketPrevious = [
  marketCase({
    year: GOLDEN_PREVIOUS_YEAR,
    service_line: "spine",
    patient_zip: "10001",
    rendering_npi: ANN,
    ...NORTH,
  }),
  marketCase({
    year: GOLDEN_PREVIOUS_YEAR,
    service_line: "spine",
    patient_zip: "10002",
    rendering_npi: X,
    ...NORTH,
  }),
  marketCase({
    year: GOLDEN_PREVIOUS_YEAR,
    service_line: "le_joint_replacement",
    patient_zip: "10001",
    rendering_npi: X,
    ...NORTH,
    cases: 2,
  }),
];

const fixture = {
  market,
  practice: [practiceLine({ category: "spine", cpt: "22551", rendering_npi: ANN })],
  providers: [provider({ npi: ANN, firstName: "Ann", lastName: "Lee" })],
  facilities: [facility({ npi: MAIN, name: "Main" })],
  serviceArea: [
    { zipcode: "10001", type: "PSA" as const },
    { zipcode: "10002", type: "SSA" as const },
    { zipcode: "10003", type: "TSA" as const },
  ],
};

const harness = schemeHarness();
afterAll(() => harness.close());

describe("market profile", () => {
  test("per category and Total surgical, with growth against the previous year", async () => {
    const result = await harness.run(scheme, { ...fixture, marketPrevious });
    // Spine in the area: rows 1 + 2 = 3 cases, the customer's 2 (66.67%). Previous: 2 cases, 1 the
    // customer's (50%). Growth: market 2 -> 3 = +50%, customer 1 -> 2 = +100%, share +16.67 points.
    expect(result.Spine).toEqual({
      category: "spine",
      market_volume: 3,
      market_volume_by_area: { PSA: 2, SSA: 1, TSA: 0 },
      customer_cases: 2,
      market_share: 66.67,
      practice_volume: 1,
      previous_market_volume: 2,
      market_growth: 50,
      previous_customer_cases: 1,
      customer_growth: 100,
      previous_market_share: 50,
      market_share_change: 16.67,
    });
    // Joints: 3 + 1 = 4, none the customer's; previous 2: +100%.
    expect(result["LE Joint replacement"]).toMatchObject({
      market_volume: 4,
      market_volume_by_area: { PSA: 3, SSA: 0, TSA: 1 },
      customer_cases: 0,
      market_share: 0,
      market_growth: 100,
    });
    // Trauma: 1 case at the customer's facility; nothing the year before: growth from 0 is 0.
    expect(result.Trauma).toMatchObject({
      market_volume: 1,
      customer_cases: 1,
      market_share: 100,
      market_growth: 0,
    });
    // Total: 3 + 4 + 1 = 8 cases, the customer's 2 + 1 = 3 (37.5%); previous 4, the customer's 1
    // (25%): +100%, +200%, +12.5 points. ASC: 2 of the 7 cases with a setting (28.57%); the
    // customer's cases with a setting (row 1, IP) have none in an ASC.
    expect(result["Total surgical"]).toEqual({
      market_volume: 8,
      market_volume_by_area: { PSA: 6, SSA: 1, TSA: 1 },
      customer_cases: 3,
      market_share: 37.5,
      practice_volume: 1,
      previous_market_volume: 4,
      market_growth: 100,
      previous_customer_cases: 1,
      customer_growth: 200,
      previous_market_share: 25,
      market_share_change: 12.5,
      market_asc_share: 28.57,
      customer_asc_share: 0,
    });
    // Non-surgical categories: the market data (surgical cases) has none.
    expect(result.Ultrasound).toMatchObject({ market_volume: 0, market_share: 0, practice_volume: 0 });
  });

  test("Non specific: competitors, referral retention, in-area care; no demographics file", async () => {
    const result = await harness.run(scheme, { ...fixture, marketPrevious });
    expect(result["Non specific"]).toEqual({
      year: GOLDEN_YEAR,
      previous_year: GOLDEN_PREVIOUS_YEAR,
      service_area_zips: { PSA: 1, SSA: 1, TSA: 1 },
      population: null,
      population_65_plus: null,
      share_aged_65_plus: null,
      projected_population_5y: null,
      projected_population_growth_5y: null,
      demographics_zips_covered: null,
      // Competitor rows 2, 3, 4: facilities NORTH and SOUTH, surgeons X and Y.
      competitor_facilities: 2,
      competitor_surgeons: 2,
      // ANN is the only customer provider rendering in the area (Z operates at MAIN but is not one).
      customer_surgeons: 1,
      // NORTH's competitor cases 1 + 3 = 4, SOUTH's 1.
      largest_competitor_facility: "North Hospital",
      largest_competitor_facility_cases: 4,
      // ANN referred rows 1 and 2 (3 cases) and performed row 1 (2): 66.67%.
      referred_by_customer_cases: 3,
      referral_retention: 66.67,
      // Treated at a facility in the area: NORTH (10001) 6 cases + MAIN (10002) 1, of 8: 87.5%.
      in_area_care: 87.5,
      notes: [`No demographics file for ${GOLDEN_YEAR}: population figures are not available.`],
    });
  });

  test("without a previous year, growth is N/A and said so", async () => {
    const result = await harness.run(scheme, fixture);
    expect(result.Spine.previous_market_volume).toBeNull();
    expect(result.Spine.market_growth).toBeNull();
    expect(result["Total surgical"].market_share_change).toBeNull();
    expect(result["Non specific"].previous_year).toBeNull();
    expect(result["Non specific"].notes[0]).toBe(`No year before ${GOLDEN_YEAR}: growth is not available.`);
  });
});
