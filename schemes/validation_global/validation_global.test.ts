import { afterAll, describe, expect, test } from "bun:test";
import {
  facility,
  marketCase,
  practiceLine,
  provider,
  schemeHarness,
} from "../../server/schemes/testing/schemeHarness.ts";
import { lnNote, otherServiceNote, specialityNote } from "./rules.ts";
import scheme from "./scheme.ts";

const harness = schemeHarness();
afterAll(() => harness.close());

const S1 = "1111111111";
const S2 = "2222222222";
const T1 = "3333333333";
const LOCUM = "4444444444";
let claim = 0;
const surgical = (category: string, rendering_npi: string) =>
  practiceLine({ claim_id: `S${++claim}`, category, rendering_npi });

describe("validation_global", () => {
  test("speciality, mix capacity, market against upload volumes and the six notes", async () => {
    const result = await harness.run(scheme, {
      providers: [
        provider({ npi: S1, firstName: "Ann", lastName: "Able", fteStatus: "0.5" }),
        provider({ npi: S2, firstName: "Bob", lastName: "Baker", fteStatus: "" }),
        provider({ npi: T1, firstName: "Cy", lastName: "Cole", fteStatus: "1.0", category: "Therapist" }),
      ],
      facilities: [
        facility({
          npi: "5555555555",
          name: "Main",
          servicesProvided: ["Clinic visits", "MRI"],
          locations: [{ name: "East", servicesProvided: ["Injections"] }],
        }),
      ],
      market: [
        // In the service area (zip 10001): spine 6, LE joint 4, sports 2, hand 2 = 14 cases.
        marketCase({ service_line: "spine", cases: 6 }),
        marketCase({ service_line: "le_joint_replacement", cases: 4 }),
        marketCase({ service_line: "sports_medicine", cases: 2 }),
        marketCase({ service_line: "hand_ue", cases: 2 }),
        // Outside it: count for ln_volumes (whole market) but not for speciality.
        marketCase({ service_line: "trauma", patient_zip: "99999", rendering_npi: S1, cases: 10 }),
        marketCase({ service_line: "spine", patient_zip: "99999", rendering_npi: S2, cases: 2 }),
      ],
      practice: [
        // Surgical cases: spine 4 (3 by S1, 1 by a locum), LE joint 1 (S2), trauma 1 (S1), hand 1 (S2) = 7.
        surgical("spine", S1),
        surgical("spine", S1),
        surgical("spine", S1),
        surgical("spine", LOCUM),
        surgical("le_joint_replacement", S2),
        surgical("trauma", S1),
        surgical("hand_ue", S2),
        // Non-surgical: 2 new patient E/M, 3 units of other PT/OT, 1 injection, 1 established E/M.
        practiceLine({ category: "new_patient_em" }),
        practiceLine({ category: "new_patient_em" }),
        practiceLine({ category: "other_pt_ot", units: 3, rendering_npi: T1 }),
        practiceLine({ category: "aspiration_injection" }),
        practiceLine({ category: "established_em" }),
      ],
    });
    expect(result.note.speciality).toEqual([
      // 1/7 = 14.3% of the practice against 4/14 = 28.6% of the market: 14.3 points apart.
      {
        service: "Joint Replacement (LE)",
        note: "14.3% of the practice's surgical cases against 28.6% of the market's.",
      },
      // 4/7 = 57.1% against 6/14 = 42.9%.
      { service: "Spine", note: "57.1% of the practice's surgical cases against 42.9% of the market's." },
      // 1/7 = 14.3% against no trauma case in the service area.
      { service: "Trauma", note: "14.3% of the practice's surgical cases against 0.0% of the market's." },
      // 1/7 = 14.3% against 2/14 = 14.3%: the same share.
      { service: "Hand & Upper Extremity", note: "" },
      { service: "Foot & Ankle", note: "" },
      {
        service: "Sports Medicine",
        note: "No case in the practice data; the market of the service area has 2 cases.",
      },
      { service: "Other surgical", note: "" },
    ]);
    expect(result.note.mix_capacity).toEqual([
      // S2 (blank FTE = 1.0) performs LE joint and hand; S1 (0.5) spine and trauma; the locum has no FTE.
      { subspeciality: "LE Joint Replacement", volume: 1, service_capacity: 1 },
      { subspeciality: "Spine", volume: 4, service_capacity: 0.5 },
      { subspeciality: "Trauma", volume: 1, service_capacity: 0.5 },
      { subspeciality: "Hand and UE", volume: 1, service_capacity: 1 },
      { subspeciality: "Foot and Ankle", volume: 0, service_capacity: 0 },
      { subspeciality: "Sports Medicine", volume: 0, service_capacity: 0 },
      { subspeciality: "Other", volume: 0, service_capacity: 0 },
    ]);
    expect(result.note.ln_volumes).toEqual([
      // S1: 10 market cases against 4 in the upload: (10-4)/4 = +150%.
      {
        provider_name: "Ann Able",
        ln: 10,
        upload: 4,
        note: "The market data has 10 surgical cases against 4 in the upload (+150%).",
      },
      // S2: 2 against 2.
      { provider_name: "Bob Baker", ln: 2, upload: 2, note: "" },
      { provider_name: "Cy Cole", ln: 0, upload: 0, note: "" },
    ]);
    expect(result.note.new_patient_em).toBe("");
    expect(result.note.mri).toBe("MRI is offered at Main but the practice data has no MRI line.");
    expect(result.note.initial_eval).toBe("");
    expect(result.note.other_pt_ot).toBe(
      "The practice data bills 3 units of other PT/OT but no facility lists Physical Therapy or Occupational Therapy among its services.",
    );
    expect(result.note.casting_spliting).toBe("");
    // Offered at the location East, and billed once.
    expect(result.note.aspiration_injection).toBe("");
    expect(result.valid).toBe(false);
  });

  test("valid when no rule has anything to say", async () => {
    const result = await harness.run(scheme, {
      providers: [provider({ npi: S1, firstName: "Ann", lastName: "Able" })],
      market: [marketCase({ service_line: "spine", rendering_npi: S1, cases: 1 })],
      practice: [surgical("spine", S1)],
    });
    expect(result.valid).toBe(true);
    expect(result.note.speciality.every((entry) => entry.note === "")).toBe(true);
    expect(result.note.ln_volumes).toEqual([{ provider_name: "Ann Able", ln: 1, upload: 1, note: "" }]);
  });
});

describe("global validation rules", () => {
  test("speciality: more than 10 points apart is far", () => {
    // 3/10 = 30% against 2/10 = 20%: 10 points, not more.
    expect(specialityNote({ practice: 3, market: 2 }, { practice: 10, market: 10 })).toBe("");
    // 31/100 against 20/100: 11 points.
    expect(specialityNote({ practice: 31, market: 20 }, { practice: 100, market: 100 })).toBe(
      "31.0% of the practice's surgical cases against 20.0% of the market's.",
    );
    expect(specialityNote({ practice: 0, market: 1 }, { practice: 5, market: 5 })).toBe(
      "No case in the practice data; the market of the service area has 1 case.",
    );
  });

  test("ln volumes: more than 20% of the upload apart", () => {
    // 12 against 10: 20%, not more. 13 against 10: 30%. 7 against 10: -30%.
    expect(lnNote(12, 10)).toBe("");
    expect(lnNote(13, 10)).toBe("The market data has 13 surgical cases against 10 in the upload (+30%).");
    expect(lnNote(7, 10)).toBe("The market data has 7 surgical cases against 10 in the upload (-30%).");
    expect(lnNote(3, 0)).toBe("No surgical case in the upload; the market data has 3.");
    expect(lnNote(0, 0)).toBe("");
  });

  test("other services: offered without data, or data without the offer", () => {
    expect(otherServiceNote("casting_spliting", ["A", "B"], 0)).toBe(
      "Casting and Splinting is offered at A, B but the practice data has no casting and splinting line.",
    );
    expect(otherServiceNote("new_patient_em", [], 1)).toBe(
      "The practice data bills 1 unit of new patient E/M but no facility lists Clinic visits among its services.",
    );
    expect(otherServiceNote("mri", ["A"], 5)).toBe("");
  });
});
