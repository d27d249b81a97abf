import { afterAll, describe, expect, test } from "bun:test";
import { schemeHarness } from "../../server/schemes/testing/schemeHarness.ts";
import { buildMacroCapabilities } from "../macro_capabilities/shape.ts";
import { serviceCapabilitiesOf } from "../macro_capabilities/testSupport.ts";
import { exampleAnswers } from "../questionnaire/example.ts";
import { FORMULAS } from "./formulas.ts";
import scheme from "./scheme.ts";
import { marketProfileOf } from "./testSupport.ts";

/*
 * Market profile: spine 40 market cases, 10 the customer's (25%); joints 60, 10 (16.67%); Total
 * surgical 100, 20 (20%), ASC share market 30%, customer 15%; largest competitor facility 40 cases;
 * the customer's referrals 50 cases, 80% retained; 75% of the area's cases treated in the area.
 * Service capabilities: spine 10 cases by 3 providers, joints 10 by 1, new patient E&M 30,
 * established E&M 50 (4 of 16 sections performed; one surgical line with 2+ providers).
 * Questionnaire: the example answers.
 */
const marketProfile = marketProfileOf({
  sections: {
    Spine: { market_volume: 40, customer_cases: 10, market_share: 25 },
    "LE Joint replacement": { market_volume: 60, customer_cases: 10, market_share: 16.67 },
  },
  total: {
    market_volume: 100,
    customer_cases: 20,
    market_share: 20,
    market_asc_share: 30,
    customer_asc_share: 15,
  },
  nonSpecific: {
    largest_competitor_facility: "North Hospital",
    largest_competitor_facility_cases: 40,
    referred_by_customer_cases: 50,
    referral_retention: 80,
    in_area_care: 75,
  },
});
const serviceCapabilities = serviceCapabilitiesOf({
  Spine: { volume: 10, providers_performing: 3 },
  "LE Joint replacement": { volume: 10, providers_performing: 1 },
  "New patient E&M": { volume: 30 },
  "Established patient E&M": { volume: 50 },
});
const macroCapabilities = buildMacroCapabilities({
  questionnaire: null,
  facilities: [],
  providers: [],
  serviceCapabilities,
});
const previous = {
  market_profile: marketProfile,
  service_capabilities: serviceCapabilities,
  macro_capabilities: macroCapabilities,
};

const harness = schemeHarness();
afterAll(() => harness.close());

describe("scoring", () => {
  test("five dimensions and the weighted total, by hand", async () => {
    const result = await harness.run(scheme, {
      previous,
      questionnaire: { state: "valid", data: exampleAnswers },
    });
    // market_alignement: customer mix spine 0.5 / joints 0.5, market 0.4 / 0.6: Σ|diff| = 0.2,
    // similarity 1 - 0.1 = 0.9; ASC 15 / 30 = 0.5. 20 x (0.6 x 0.9 + 0.4 x 0.5) = 20 x 0.74 = 14.8.
    expect(result.market_alignement).toBe(14.8);
    // centricity: 8 of 10 practices (second opinion clinic and educational discussions are No) = 16.
    expect(result.centricity).toBe(16);
    // competitive_comparison: leader 20 / 40 = 0.5; breadth mean(min(1, 25/20), min(1, 16.67/20))
    // = (1 + 0.8335) / 2 = 0.91675. 20 x (0.25 + 0.458375) = 14.1675 -> 14.2.
    expect(result.competitive_comparison).toBe(14.2);
    // partnerships: 6 of 10 practices, 80% retention: 20 x (0.3 + 0.4) = 14.
    expect(result.partnerships).toBe(14);
    // service_mix_and_strength: 20 x (0.4 x 4/16 + 0.3 x 1/7 + 0.3 x 0.75) = 20 x 0.367857 = 7.4.
    expect(result.service_mix_and_strength).toBe(7.4);
    // total: 0.3 x 14.8 + 0.1 x 16 + 0.1 x 14.2 + 0.3 x 14 + 0.2 x 7.4
    //      = 4.44 + 1.6 + 1.42 + 4.2 + 1.48 = 13.14 -> 13.1.
    expect(result.total).toBe(13.1);
    expect(result.weights).toEqual({
      market_alignement: 30,
      centricity: 10,
      competitive_comparison: 10,
      partnerships: 30,
      service_mix_and_strength: 20,
    });
    expect(result.formulas).toEqual(FORMULAS);
    expect(result.inputs.market_alignement).toMatchObject({
      mix_similarity: 0.9,
      asc_alignment: 0.5,
      customer_mix: { spine: 50, le_joint_replacement: 50, trauma: 0 },
      market_mix: { spine: 40, le_joint_replacement: 60 },
    });
    expect(result.inputs.competitive_comparison).toMatchObject({ leader_ratio: 0.5, share_breadth: 0.92 });
    expect(result.inputs.partnerships).toMatchObject({ practices_in_place: 6, referral_retention: 80 });
    expect(result.inputs.service_mix_and_strength).toMatchObject({
      categories_performed: 4,
      deep_surgical_lines: 1,
      in_area_care: 75,
    });
  });

  test("scores stay within 0-20: a customer with no case, no answer in place", async () => {
    const result = await harness.run(scheme, {
      previous: {
        market_profile: marketProfileOf({}),
        service_capabilities: serviceCapabilitiesOf({}),
        macro_capabilities: buildMacroCapabilities({
          questionnaire: null,
          facilities: [],
          providers: [],
          serviceCapabilities: serviceCapabilitiesOf({}),
        }),
      },
      questionnaire: { state: "valid", data: { incentive_based_compensation: "No" } },
    });
    // Mix similarity 0 (no customer case), ASC alignment 1 (no ASC market): 20 x 0.4 = 8.
    expect(result.market_alignement).toBe(8);
    // No competitor: leader ratio 1, breadth 0: 20 x 0.5 = 10.
    expect(result.competitive_comparison).toBe(10);
    expect(result.centricity).toBe(0);
    expect(result.partnerships).toBe(0);
    expect(result.service_mix_and_strength).toBe(0);
    // 0.3 x 8 + 0.1 x 10 = 3.4.
    expect(result.total).toBe(3.4);
  });

  test("refuses without a valid questionnaire or an earlier result", async () => {
    await expect(
      harness.run(scheme, { previous, questionnaire: { state: "under_analysis", data: exampleAnswers } }),
    ).rejects.toThrow(/must be valid first/);
    await expect(
      harness.run(scheme, {
        previous: { ...previous, macro_capabilities: undefined },
        questionnaire: { state: "valid", data: exampleAnswers },
      }),
    ).rejects.toThrow(/generate them first/);
  });
});
