import { describe, expect, test } from "bun:test";
// The API's wordings (installed as zod's error map when loaded), as the questionnaire calls answer.
import { NOT_A_FIELD } from "../../server/http/plainWords.ts";
import { visibleFieldNames } from "./conditions.ts";
import { exampleAnswers } from "./example.ts";
import type { QuestionnaireField } from "./fields.ts";
import { questionnaireForm } from "./form.ts";
import { analyseAnswers, questionnaireAnswersSchema } from "./schema.ts";
import { questionnaireFields } from "./steps.ts";

const FILL_OUT = "Please fill out this field";
const FILL_OUT_NUMBER = "Please fill out this field or verify number format.";

/** The answers required whatever else is said; with them alone the questionnaire is acceptable. */
const alwaysRequired: Record<string, unknown> = {
  local_athletic_organizations: "NA",
  incentive_based_compensation: "No",
  communication_with_pcps: "Yes",
  educational_care_coordination_discussions: "No",
  facility_services: ["X-Ray"],
  site_of_care_selection: "No",
  blue_distinction_center: "No",
};

/** Field -> messages, for the answers added to the always-required ones. */
function issuesOf(answers: Record<string, unknown>, base: Record<string, unknown> = alwaysRequired) {
  const parsed = questionnaireAnswersSchema.safeParse({ ...base, ...answers });
  const issues: Record<string, string[]> = {};
  if (parsed.success) return issues;
  for (const issue of parsed.error.issues) {
    const field = issue.path.join(".");
    issues[field] = [...(issues[field] ?? []), issue.message];
  }
  return issues;
}
const accepted = (answers: Record<string, unknown>) => {
  const parsed = questionnaireAnswersSchema.safeParse({ ...alwaysRequired, ...answers });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data as Record<string, unknown>;
};

describe("questionnaire rules (admin-area.md section 5)", () => {
  test("the always-required answers alone are enough", () => {
    expect(issuesOf({})).toEqual({});
  });

  test("the always-required answers are refused when missing or blank, naming each field", () => {
    expect(issuesOf({}, {})).toEqual(
      Object.fromEntries(Object.keys(alwaysRequired).map((name) => [name, [FILL_OUT]])),
    );
    expect(issuesOf({ local_athletic_organizations: "   ", facility_services: [] })).toEqual({
      local_athletic_organizations: [FILL_OUT],
      facility_services: [FILL_OUT],
    });
    for (const name of Object.keys(alwaysRequired)) {
      const { [name]: _removed, ...withoutIt } = alwaysRequired;
      expect(issuesOf({}, withoutIt)).toEqual({ [name]: [FILL_OUT] });
    }
  });

  test("ASC ownership Yes requires the stake", () => {
    expect(issuesOf({ ownership_ambulatory_surgical_centers: "Yes" })).toEqual({
      ownership_stake: [FILL_OUT],
    });
    expect(issuesOf({ ownership_ambulatory_surgical_centers: "Yes", ownership_stake: "100%" })).toEqual({});
    expect(issuesOf({ ownership_ambulatory_surgical_centers: "No" })).toEqual({});
  });

  test("a stake below 100% requires the partner description; 100% does not ask it", () => {
    for (const band of ["0-25%", "25-50%", "50-75%", "75-99%"]) {
      const stake = { ownership_ambulatory_surgical_centers: "Yes", ownership_stake: band };
      expect(issuesOf(stake)).toEqual({ asc_partner_description: [FILL_OUT] });
      expect(issuesOf({ ...stake, asc_partner_description: [] })).toEqual({
        asc_partner_description: [FILL_OUT],
      });
      expect(issuesOf({ ...stake, asc_partner_description: ["Hospital or health system"] })).toEqual({});
    }
    const full = accepted({
      ownership_ambulatory_surgical_centers: "Yes",
      ownership_stake: "100%",
      asc_partner_description: ["Hospital or health system"],
    });
    expect(full.asc_partner_description).toBeUndefined();
  });

  test("collected patient satisfaction data requires its instruments", () => {
    expect(issuesOf({ collect_patient_satisfaction_data: "Yes" })).toEqual({
      collect_patient_satisfaction_instruments: [FILL_OUT],
    });
    expect(
      issuesOf({
        collect_patient_satisfaction_data: "Yes",
        collect_patient_satisfaction_instruments: ["Press Ganey"],
      }),
    ).toEqual({});
    expect(issuesOf({ collect_patient_satisfaction_data: "No" })).toEqual({});
  });

  test("a financial hospital partnership requires its nature", () => {
    expect(issuesOf({ financial_partnership_hospitals: "Yes" })).toEqual({
      nature_of_partnership: [FILL_OUT],
    });
    expect(issuesOf({ financial_partnership_hospitals: "Yes", nature_of_partnership: [] })).toEqual({
      nature_of_partnership: [FILL_OUT],
    });
    expect(
      issuesOf({ financial_partnership_hospitals: "Yes", nature_of_partnership: ["Joint venture"] }),
    ).toEqual({});
    expect(issuesOf({ financial_partnership_hospitals: "No" })).toEqual({});
  });

  test("'Pay for ED call' requires a numeric ED call rate", () => {
    const paid = { financial_partnership_hospitals: "Yes", nature_of_partnership: ["Pay for ED call"] };
    expect(issuesOf(paid)).toEqual({ ed_call_rate: [FILL_OUT_NUMBER] });
    expect(issuesOf({ ...paid, ed_call_rate: "a lot" })).toEqual({ ed_call_rate: [FILL_OUT_NUMBER] });
    expect(issuesOf({ ...paid, ed_call_rate: "1500" })).toEqual({});
    expect(issuesOf({ ...paid, ed_call_rate: "1500.50" })).toEqual({});
    expect(
      issuesOf({ financial_partnership_hospitals: "Yes", nature_of_partnership: ["Medical directorship"] }),
    ).toEqual({});
  });

  test("athletic trainers in the community require the partnerships answer", () => {
    expect(issuesOf({ athletic_trainers_in_community: "Yes" })).toEqual({
      athletic_trainer_partnerships: [FILL_OUT],
    });
    expect(issuesOf({ athletic_trainers_in_community: "Yes", athletic_trainer_partnerships: "No" })).toEqual(
      {},
    );
    expect(issuesOf({ athletic_trainers_in_community: "No" })).toEqual({});
  });

  test("a number field takes NA (any case) for 'not known', stored as NA, and it answers a required one", () => {
    const paid = { financial_partnership_hospitals: "Yes", nature_of_partnership: ["Pay for ED call"] };
    expect(issuesOf({ ...paid, ed_call_rate: "na" })).toEqual({});
    expect(accepted({ ...paid, ed_call_rate: " na " }).ed_call_rate).toBe("NA");
    expect(accepted({ patient_navigators: "Yes", fte_navigators: "Na" }).fte_navigators).toBe("NA");
    expect(accepted({ percentage_pcps_employed: "NA" }).percentage_pcps_employed).toBe("NA");
    expect(issuesOf({ hip_fracture_surgery_wait_time: "N/A" })).toEqual({
      hip_fracture_surgery_wait_time: [FILL_OUT_NUMBER],
    });
    expect(issuesOf({ hip_fracture_surgery_wait_time: "nan" })).toEqual({
      hip_fracture_surgery_wait_time: [FILL_OUT_NUMBER],
    });
  });

  test("patient navigators require their FTE count", () => {
    expect(issuesOf({ patient_navigators: "Yes" })).toEqual({ fte_navigators: [FILL_OUT_NUMBER] });
    expect(issuesOf({ patient_navigators: "Yes", fte_navigators: "two" })).toEqual({
      fte_navigators: [FILL_OUT_NUMBER],
    });
    expect(issuesOf({ patient_navigators: "Yes", fte_navigators: "2.5" })).toEqual({});
    expect(issuesOf({ patient_navigators: "No" })).toEqual({});
  });

  test("employer follow-ups show only for a contracted service line", () => {
    const followUps = { reserved_spots_for_services: "Yes", employer_injury_prevention_program: "No" };
    for (const line of [
      "Foot and Ankle",
      "Hand and UE",
      "Trauma",
      "LE Joint Replacement",
      "Sports Medicine",
      "Spine",
    ]) {
      const kept = accepted({ negotiated_contracts_procedures: [line], ...followUps });
      expect(kept).toMatchObject(followUps);
    }
    for (const none of [{ negotiated_contracts_procedures: ["None of the above"] }, {}]) {
      const kept = accepted({ ...none, ...followUps });
      expect(kept.reserved_spots_for_services).toBeUndefined();
      expect(kept.employer_injury_prevention_program).toBeUndefined();
    }
  });

  test("'Other' and 'None of the above' open the free-text companion; other choices drop it", () => {
    expect(
      accepted({ facility_services: ["Other"], facility_services_textbox: "Bone density" }),
    ).toMatchObject({
      facility_services_textbox: "Bone density",
    });
    expect(
      accepted({ facility_services: ["None of the above"], facility_services_textbox: "NA" }),
    ).toMatchObject({ facility_services_textbox: "NA" });
    expect(
      accepted({ facility_services: ["MRI"], facility_services_textbox: "Bone density" }),
    ).not.toHaveProperty("facility_services_textbox");
  });
});

describe("answer shapes", () => {
  test("unknown fields are refused", () => {
    expect(issuesOf({ favourite_colour: "blue" })).toEqual({ "": [NOT_A_FIELD] });
  });

  test("choices must be known, lists must be lists, numbers numbers, percentages at most 100", () => {
    expect(issuesOf({ own_rehab: "Maybe" })).toEqual({ own_rehab: ["must be one of: No, Yes"] });
    expect(issuesOf({ own_rehab: true })).toEqual({ own_rehab: ["must be text"] });
    expect(issuesOf({ facility_services: "MRI" })).toEqual({
      facility_services: ["must be a list of choices"],
    });
    expect(issuesOf({ facility_services: ["Teleportation"] })).toHaveProperty("facility_services");
    expect(issuesOf({ percentage_pcps_employed: "140" })).toEqual({
      percentage_pcps_employed: ["must be at most 100"],
    });
    expect(issuesOf({ percentage_pcps_employed: "-3" })).toEqual({
      percentage_pcps_employed: [FILL_OUT_NUMBER],
    });
    expect(issuesOf({ hip_fracture_surgery_wait_time: "36" })).toEqual({});
    expect(issuesOf({ self_insured_hospital_name: "x".repeat(2001) })).toEqual({
      self_insured_hospital_name: ["must be at most 2000 characters"],
    });
  });

  test("'None of the above' stands alone", () => {
    expect(issuesOf({ facility_services: ["MRI", "None of the above"] })).toEqual({
      facility_services: ["'None of the above' cannot be combined with other choices"],
    });
  });

  test("answers are normalised: trimmed, selections de-duplicated, blanks and nulls not stored", () => {
    const kept = accepted({
      self_insured_hospital_name: "  Mercy Hospital  ",
      facility_services: ["MRI", "MRI", "CT"],
      own_rehab: "",
      dme_program: null,
      negotiated_contracts_procedures: [],
    });
    expect(kept.self_insured_hospital_name).toBe("Mercy Hospital");
    expect(kept.facility_services).toEqual(["MRI", "CT"]);
    for (const name of ["own_rehab", "dme_program", "negotiated_contracts_procedures"])
      expect(kept).not.toHaveProperty(name);
  });

  test("hidden answers are dropped without being validated, down a whole cascade", () => {
    const kept = accepted({
      ownership_ambulatory_surgical_centers: "No",
      ownership_stake: "a malformed stake",
      asc_partner_description: ["Teleportation"],
      asc_partner_description_textbox: 42,
      patient_navigators: "No",
      fte_navigators: "not a number",
    });
    expect(kept.ownership_ambulatory_surgical_centers).toBe("No");
    for (const name of [
      "ownership_stake",
      "asc_partner_description",
      "asc_partner_description_textbox",
      "fte_navigators",
    ]) {
      expect(kept).not.toHaveProperty(name);
    }
  });

  test("a malformed controlling answer is refused and opens nothing", () => {
    expect(issuesOf({ patient_navigators: "YES", fte_navigators: "x" })).toEqual({
      patient_navigators: ["must be one of: No, Yes"],
    });
  });

  test("the example answers pass unchanged", () => {
    const parsed = questionnaireAnswersSchema.parse(exampleAnswers);
    expect(parsed).toEqual(exampleAnswers);
    // It exercises the conditional paths: stake partners, ED call, navigators, employer follow-ups.
    for (const name of [
      "asc_partner_description",
      "ed_call_rate",
      "fte_navigators",
      "reserved_spots_for_services",
    ]) {
      expect(parsed).toHaveProperty(name);
    }
  });
});

/** A small seeded generator, so a failing property run can be replayed. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random answer for one field: usually well formed, sometimes blank or missing, rarely malformed. */
function randomAnswer(
  field: QuestionnaireField,
  random: () => number,
): { value: unknown; wellFormed: boolean } {
  const roll = random();
  if (roll < 0.1) return { value: undefined, wellFormed: true };
  if (roll < 0.15) return { value: field.type === "multiple_choice" ? [] : "", wellFormed: true };
  if (roll < 0.2) return { value: field.type === "multiple_choice" ? "oops" : ["oops"], wellFormed: false };
  const values = (field.choices ?? []).map((choice) => choice.value);
  const pick = () => values[Math.floor(random() * values.length)]!;
  if (field.type === "select") return { value: pick(), wellFormed: true };
  if (field.type === "multiple_choice") {
    const first = pick();
    if (first === "None of the above") return { value: [first], wellFormed: true };
    const others = values.filter((value) => value !== "None of the above" && random() < 0.3);
    return { value: [...new Set([first, ...others])], wellFormed: true };
  }
  return { value: field.format === "number" ? String(Math.floor(random() * 100)) : "NA", wellFormed: true };
}

describe("display conditions and validation agree", () => {
  // The web reads the JSON form and evaluates it with the same visibleFieldNames.
  const webFields = JSON.parse(JSON.stringify(questionnaireForm)).steps.flatMap(
    (step: { fields: QuestionnaireField[] }) => step.fields,
  );

  test("for random answer sets, a field is required, validated or kept only if the web shows it", () => {
    const random = seededRandom(20240517);
    let conditionalRequirementsSeen = 0;
    for (let run = 0; run < 600; run++) {
      const raw: Record<string, unknown> = {};
      const wellFormed: Record<string, unknown> = {};
      for (const field of questionnaireFields) {
        const answer = randomAnswer(field, random);
        if (answer.value === undefined) continue;
        raw[field.name] = answer.value;
        if (answer.wellFormed) wellFormed[field.name] = answer.value;
      }
      const shown = visibleFieldNames(webFields, wellFormed);
      const { answers, issues } = analyseAnswers(raw);
      const fieldsWithIssues = new Set(issues.map((issue) => issue.path[0]));

      for (const name of fieldsWithIssues) expect(shown.has(name)).toBe(true);
      for (const name of Object.keys(answers)) expect(shown.has(name)).toBe(true);
      for (const field of questionnaireFields) {
        if (!shown.has(field.name)) continue;
        const malformed = field.name in raw && !(field.name in wellFormed);
        const value = wellFormed[field.name];
        const answered = Array.isArray(value) ? value.length > 0 : typeof value === "string" && value !== "";
        const requiredButMissing = field.required === true && !answered;
        if (requiredButMissing && !malformed && field.showWhen) conditionalRequirementsSeen++;
        // Refused exactly when shown and malformed or required-but-missing; otherwise kept if answered.
        expect(fieldsWithIssues.has(field.name)).toBe(malformed || requiredButMissing);
        if (answered) expect(field.name in answers).toBe(true);
      }
    }
    // The generator reached the conditional requirements, not only the unconditional ones.
    expect(conditionalRequirementsSeen).toBeGreaterThan(100);
  });
});
