import { afterAll, describe, expect, test } from "bun:test";
import { facility, provider, schemeHarness } from "../../server/schemes/testing/schemeHarness.ts";
import { exampleAnswers } from "../questionnaire/example.ts";
import scheme from "./scheme.ts";
import { serviceCapabilitiesOf } from "./testSupport.ts";

/*
 * Service capabilities of the year (hand-written):
 *   Spine 10 cases: Main ASC 6 (the profile's facility), City Hospital 3, Unspecified place 1
 *   LE Joint replacement 5 cases, all at City Hospital
 *   New patient E&M 20, Ultrasound 1, Advanced imaging 4, Initial eval 3, Other PT OT 12 services
 *   revenue: spine 5000, joints 2000, new patient E&M 1000 (8000)
 * Surgical cases 15; partner (non-profile) places: City Hospital 3 + 5 = 8 cases = 53.33%.
 * Therapy per surgical case (3 + 12) / 15 = 1; imaging per new-patient visit (1 + 4) / 20 = 0.25.
 */
const serviceCapabilities = serviceCapabilitiesOf({
  Spine: {
    volume: 10,
    locations: { "Main ASC": 6, "City Hospital": 3, "Unspecified place": 1 },
    revenue: 5000,
    declared_in_profile: true,
  },
  "LE Joint replacement": { volume: 5, locations: { "City Hospital": 5 }, revenue: 2000 },
  "New patient E&M": { volume: 20, revenue: 1000 },
  Ultrasound: { volume: 1 },
  "Advanced imaging": { volume: 4 },
  "Initial eval": { volume: 3 },
  "Other PT OT": { volume: 12 },
});

const fixture = {
  facilities: [
    facility({
      npi: "9000000001",
      name: "Main ASC",
      siteOfCareCodesBilled: ["24"],
      locations: [{ name: "Main Carmel" }],
    }),
  ],
  providers: [
    provider({
      npi: "8000000001",
      firstName: "Ann",
      category: "Physician",
      shareholder: true,
      employedByPractice: true,
    }),
    provider({ npi: "8000000002", firstName: "Bob", category: "Physician", employedByPractice: true }),
    provider({ npi: "8000000003", firstName: "Cat", category: "Advanced Practice Provider" }),
  ],
  previous: { service_capabilities: serviceCapabilities },
};

const harness = schemeHarness();
afterAll(() => harness.close());

describe("macro capabilities", () => {
  test("with the example answers: every section, by hand", async () => {
    const result = await harness.run(scheme, {
      ...fixture,
      questionnaire: { state: "valid", data: exampleAnswers },
    });
    // Governance: all six practices are Yes in the example answers. 1 shareholder of 3 providers.
    expect(result.Governance).toEqual({
      strategic_plan: true,
      strategic_plan_updated: "1 to 3 years ago",
      tracking_progress_initiatives: true,
      physician_recruitment_strategy: true,
      key_person_insurance: true,
      incentive_based_compensation: true,
      executive_council: true,
      providers: 3,
      physicians: 2,
      shareholders: 1,
      shareholder_share: 33.33,
      employed_by_practice: 2,
      practices_in_place: 6,
      practices_total: 6,
      coverage: 100,
    });
    // Partnerships: ASC Yes, hospital partnership Yes, employer contracts (joints, spine), reserved
    // spots Yes, AT partnerships Yes, ED cover Yes = 6; employer injury prevention, employer data,
    // trauma partnerships, EMS are No: 6 of 10.
    expect(result.Partnerships).toMatchObject({
      ownership_ambulatory_surgical_centers: true,
      ownership_stake: "25-50%",
      nature_of_partnership: ["Co-management agreement", "Pay for ED call"],
      ed_call_rate: 1500,
      negotiated_contracts_procedures: ["LE Joint Replacement", "Spine"],
      asc_site_in_profile: true,
      partner_sites: { "City Hospital": 8 },
      partner_site_cases: 8,
      partner_site_case_share: 53.33,
      practices_in_place: 6,
      practices_total: 10,
      coverage: 60,
    });
    // Foundational: rehab, DME, urgent care, online booking, navigators, PROMs, optimization = 7 of
    // 10 (DME tracking, Blue Distinction, early back program are No). 7 categories performed.
    expect(result.Foundational).toMatchObject({
      fte_navigators: 2.5,
      prom_completion_rate: 48,
      facilities: 1,
      locations: 1,
      providers_by_category: { Physician: 2, "Advanced Practice Provider": 1 },
      categories_performed: 7,
      categories_declared: 1,
      surgical_cases: 15,
      revenue: 8000,
      practices_in_place: 7,
      practices_total: 10,
      coverage: 70,
    });
    // Integration: referral tracking, PCP communication, therapy referrals, site-of-care protocol =
    // 4 of 7 = 57.14%.
    expect(result.Integration).toMatchObject({
      percentage_pcps_employed: 62,
      ancillary_services_performed: ["Ultrasound", "Advanced imaging", "Initial eval", "Other PT OT"],
      therapy_services_per_surgical_case: 1,
      imaging_services_per_new_patient_visit: 0.25,
      practices_in_place: 4,
      practices_total: 7,
      coverage: 57.14,
    });
    // Rollup: (100 + 60 + 70 + 57.142857) / 4 = 71.79; 6 + 6 + 7 + 4 = 23 of 33 practices.
    expect(result.Rollup).toEqual({
      questionnaire_state: "valid",
      governance: 100,
      partnerships: 60,
      foundational: 70,
      integration: 57.14,
      overall: 71.79,
      practices_in_place: 23,
      practices_total: 33,
      surgical_lines_performed: 2,
      ancillary_services_performed: 4,
      categories_performed: 7,
    });
  });

  test("before the questionnaire: answers and coverages are N/A, the data-derived fields are kept", async () => {
    const result = await harness.run(scheme, fixture);
    expect(result.Governance.strategic_plan).toBeNull();
    expect(result.Governance.coverage).toBeNull();
    expect(result.Partnerships.nature_of_partnership).toEqual([]);
    expect(result.Partnerships.partner_site_cases).toBe(8);
    expect(result.Rollup).toMatchObject({ questionnaire_state: null, overall: null, practices_in_place: 0 });
  });

  test("without stored service capabilities it refuses to run", async () => {
    await expect(harness.run(scheme, { ...fixture, previous: {} })).rejects.toThrow(/generate them first/);
  });
});
