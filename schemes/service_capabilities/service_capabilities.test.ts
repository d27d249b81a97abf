import { afterAll, describe, expect, test } from "bun:test";
import {
  facility,
  marketCase,
  practiceLine,
  provider,
  schemeHarness,
} from "../../server/schemes/testing/schemeHarness.ts";
import scheme from "./scheme.ts";

/*
 * The tiny practice (providers Ann = ...01 and Bob = ...02 in the profile; ...03 is not):
 *   spine claim S1, Ann, ASC at Main ASC (its facility NPI): 2 lines, paid 1000 + 200, medicare
 *   spine claim S2, Bob, IP at City Hospital (a partner: its name comes from the market data), 3000 commercial
 *   spine claim S3, Ann, no setting, at the location Main Carmel, paid 0 commercial
 *   injection Ann, 2 units, office, Main Carmel, 150 medicaid; injection ...03, 1 unit, 50, class other
 *   established E&M Bob, office, Main Carmel, 100 commercial
 *   a line of no category, 250
 * Profile: Main ASC (NPI 9000000001) lists Surgery and Injections, bills POS 24;
 *          its location Main Carmel lists Clinic visits, bills POS 11.
 */
const ANN = "8000000001";
const BOB = "8000000002";
const OUTSIDER = "8000000003";
const MAIN_ASC = "9000000001";
const CITY = "9000000099";

const practice = [
  practiceLine({
    category: "spine",
    claim_id: "S1",
    line: 1,
    cpt: "22551",
    rendering_npi: ANN,
    setting: "ASC",
    facility_npi: MAIN_ASC,
    paid_amount: 1000,
    payer_class: "medicare",
  }),
  practiceLine({
    category: "spine",
    claim_id: "S1",
    line: 2,
    cpt: "22552",
    rendering_npi: ANN,
    setting: "ASC",
    facility_npi: MAIN_ASC,
    paid_amount: 200,
    payer_class: "medicare",
  }),
  practiceLine({
    category: "spine",
    claim_id: "S2",
    cpt: "22551",
    rendering_npi: BOB,
    setting: "IP",
    facility_npi: CITY,
    paid_amount: 3000,
  }),
  practiceLine({
    category: "spine",
    claim_id: "S3",
    cpt: "22551",
    rendering_npi: ANN,
    setting: null,
    location: "Main Carmel",
    paid_amount: 0,
  }),
  practiceLine({
    category: "aspiration_injection",
    cpt: "20610",
    units: 2,
    rendering_npi: ANN,
    location: "Main Carmel",
    paid_amount: 150,
    payer_class: "medicaid",
  }),
  practiceLine({
    category: "aspiration_injection",
    cpt: "20610",
    rendering_npi: OUTSIDER,
    location: "Main Carmel",
    paid_amount: 50,
    payer_class: "other",
  }),
  practiceLine({
    category: "established_em",
    cpt: "99213",
    rendering_npi: BOB,
    location: "Main Carmel",
    paid_amount: 100,
  }),
  practiceLine({ category: null, cpt: "L3908", rendering_npi: BOB, paid_amount: 250 }),
];

const fixture = {
  practice,
  market: [marketCase({ facility_npi: CITY, facility_name: "City Hospital" })],
  providers: [
    provider({ npi: ANN, firstName: "Ann", lastName: "Lee" }),
    provider({ npi: BOB, firstName: "Bob", lastName: "Ray" }),
  ],
  facilities: [
    facility({
      npi: MAIN_ASC,
      name: "Main ASC",
      servicesProvided: ["Surgery", "Injections"],
      siteOfCareCodesBilled: ["24"],
      locations: [
        { name: "Main Carmel", servicesProvided: ["Clinic visits"], siteOfCareCodesBilled: ["11"] },
      ],
    }),
  ],
};

const harness = schemeHarness();
afterAll(() => harness.close());

describe("service capabilities", () => {
  test("a surgical section: cases, providers, places, setting and payer mix, revenue, profile", async () => {
    const result = await harness.run(scheme, fixture);
    // Total revenue 1000 + 200 + 3000 + 0 + 150 + 50 + 100 + 250 = 4750; spine 4200 = 88.421...%.
    expect(result.Spine).toEqual({
      category: "spine",
      performed: true,
      volume: 3, // three claims (S1's two lines are one case)
      volume_unit: "cases",
      providers_performing: 2,
      providers: { "Ann Lee": 2, "Bob Ray": 1 },
      locations_performing: 3,
      locations: { "City Hospital": 1, "Main ASC": 1, "Main Carmel": 1 },
      // S3 has no setting: ASC 1 and IP 1 of the 2 classified cases.
      setting_mix: { IP: 50, OP: 0, ASC: 50, OFFICE: 0 },
      volume_without_setting: 1,
      revenue: 4200,
      revenue_share: 88.42,
      // Lines: 2 medicare (S1), 2 commercial (S2, S3).
      payer_mix: {
        commercial: 50,
        medicare: 50,
        medicare_advantage: 0,
        medicaid: 0,
        workers_comp: 0,
        self_pay: 0,
        other: 0,
      },
      declared_in_profile: true,
      declaring_sites: ["Main ASC"],
      site_of_care_codes_billed: ["24"],
      // IP volume, but the only site declaring Surgery bills POS 24 (ASC) only.
      settings_not_declared: ["IP"],
      profile_note: null,
    });
  });

  test("a non-surgical section counts units; a provider outside the profile shows by NPI", async () => {
    const result = await harness.run(scheme, fixture);
    const injection = result["Aspiration Injection"];
    expect(injection.volume).toBe(3); // 2 + 1 units
    expect(injection.volume_unit).toBe("services");
    expect(injection.providers).toEqual({ "Ann Lee": 2, "NPI 8000000003": 1 });
    expect(injection.locations).toEqual({ "Main Carmel": 3 });
    expect(injection.setting_mix.OFFICE).toBe(100);
    expect(injection.revenue).toBe(200);
    expect(injection.revenue_share).toBe(4.21); // 200 / 4750 = 4.2105%
    // Units: medicaid 2 of 3 = 66.67%, other 1 of 3 = 33.33%.
    expect(injection.payer_mix.medicaid).toBe(66.67);
    expect(injection.payer_mix.other).toBe(33.33);
    // Main ASC lists Injections but bills POS 24 only; the office volume has no declaring code.
    expect(injection.settings_not_declared).toEqual(["OFFICE"]);
    expect(result["Established patient E&M"].declaring_sites).toEqual(["Main Carmel"]);
    expect(result["Established patient E&M"].settings_not_declared).toEqual([]);
    expect(result["Established patient E&M"].revenue_share).toBe(2.11); // 100 / 4750 = 2.105%
  });

  test("profile notes: declared without data, performed without declaration, neither", async () => {
    const [mainAsc] = fixture.facilities;
    const result = await harness.run(scheme, {
      ...fixture,
      practice: [...practice, practiceLine({ category: "chiropractic", cpt: "98940", rendering_npi: BOB })],
      facilities: [{ ...mainAsc!, servicesProvided: [...mainAsc!.servicesProvided, "Ultrasound"] }],
    });
    expect(result.Ultrasound.profile_note).toBe("The profile lists 'Ultrasound' but the data has none.");
    // Clinic visits covers both E&M categories: the established visits are its data.
    expect(result["New patient E&M"]).toMatchObject({
      performed: false,
      declared_in_profile: true,
      profile_note: null,
    });
    expect(result.Chiropractic.profile_note).toBe(
      "The data has 1 but no facility or location of the profile lists 'Chiropractic'.",
    );
    // Surgery is listed and spine has cases: no trauma is no disagreement.
    expect(result.Trauma).toMatchObject({ performed: false, volume: 0, profile_note: null, providers: {} });
    expect(Object.keys(result)).toHaveLength(16);
  });
});
