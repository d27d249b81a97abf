import { describe, expect, test } from "bun:test";
import { LIST_HINT, NA_HINT } from "./choices.ts";
import type { QuestionnaireStep } from "./fields.ts";
import { questionnaireForm } from "./form.ts";
import { questionnaireFields, questionnaireSteps } from "./steps.ts";

const steps: readonly QuestionnaireStep[] = questionnaireSteps;

/** admin-area.md section 3, step by step, '(+ _textbox)' spelled out. */
const specFieldsByStep = [
  "ownership_ambulatory_surgical_centers asc_ownership_restrictions ownership_stake asc_partner_description asc_partner_description_textbox",
  "own_rehab accept_therapy_referrals dme_program dme_tracking_process",
  "orthopedic_urgent_care collect_patient_satisfaction_data collect_patient_satisfaction_instruments collect_patient_satisfaction_instruments_textbox address_patient_satisfaction_scores",
  "tracking_referrals secure_emr_connection financial_partnership_hospitals nature_of_partnership nature_of_partnership_textbox ed_call_rate",
  "hospital_self_insured self_insured_hospital_name local_hospitals_self_insured",
  "percentage_pcps_employed negotiated_contracts_procedures reserved_spots_for_services employer_injury_prevention_program local_employers_shared_data",
  "athletic_trainers_in_community local_athletic_organizations athletic_trainer_partnerships tracking_roi_athletic_trainer",
  "strategic_plan strategic_plan_updated tracking_progress_initiatives physician_recruitment_strategy expand_services additional_services_offered anticipated_roi_estimate",
  "key_person_insurance incentive_based_compensation executive_council",
  "patient_navigators fte_navigators technology_support_care_navigators",
  "online_appointment_platform communication_with_pcps educational_care_coordination_discussions",
  "facility_services facility_services_textbox site_of_care_selection blue_distinction_center",
  "anterior_hip_replacements quad_sparing_knee_replacement",
  "proms_joint_replacement prom_completion_rate second_opinion_clinic optimization_program early_intervention_back_program",
  "stealth_navigation_system pain_management_services performance_enhancement_programs injury_prevention_programs athlete_return_programs",
  "minimally_invasive_tenotomy same_day_splints physicians_cover_ed partnerships_hospitals_ems ems_relationships",
  "hip_fracture_surgery_wait_time hip_fractures_admitted_hospitalist hip_fracture_risk_reduction gait_running_clinics create_orthotics",
].map((line) => line.split(" "));

/** The answers section 5 makes required (while shown). */
const specRequired = [
  "ownership_stake",
  "asc_partner_description",
  "collect_patient_satisfaction_instruments",
  "nature_of_partnership",
  "ed_call_rate",
  "local_athletic_organizations",
  "athletic_trainer_partnerships",
  "incentive_based_compensation",
  "fte_navigators",
  "communication_with_pcps",
  "educational_care_coordination_discussions",
  "facility_services",
  "site_of_care_selection",
  "blue_distinction_center",
];

const field = (name: string) => {
  const found = questionnaireFields.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
};
const choiceValues = (name: string) => (field(name).choices ?? []).map((choice) => choice.value);

describe("questionnaire form definition", () => {
  test("17 numbered, titled steps holding exactly the spec's fields, in order", () => {
    expect(steps.map((step) => step.step)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    for (const step of steps) expect(step.title.length).toBeGreaterThan(3);
    expect(steps.map((step) => step.fields.map((f) => f.name))).toEqual(specFieldsByStep);
    expect(new Set(questionnaireFields.map((f) => f.name)).size).toBe(questionnaireFields.length);
  });

  test("every field has a label and a known type", () => {
    for (const f of questionnaireFields) {
      expect(f.label.length).toBeGreaterThan(5);
      expect(["select", "multiple_choice", "text", "textarea"]).toContain(f.type);
      if (f.type === "select" || f.type === "multiple_choice") expect(f.choices?.length).toBeGreaterThan(1);
    }
  });

  test("required (while shown) is exactly the spec's list", () => {
    expect(questionnaireFields.filter((f) => f.required).map((f) => f.name)).toEqual(specRequired);
  });

  test("conditions name earlier fields and values those fields can take", () => {
    const seen = new Map<string, readonly string[] | undefined>();
    for (const f of questionnaireFields) {
      for (const condition of f.showWhen ?? []) {
        expect(seen.has(condition.field)).toBe(true);
        const choices = seen.get(condition.field);
        const named =
          "value" in condition ? [condition.value] : "values" in condition ? condition.values : [];
        for (const value of named) expect(choices).toContain(value);
      }
      seen.set(
        f.name,
        f.choices?.map((choice) => choice.value),
      );
    }
  });

  test("Yes/No switches list No then Yes", () => {
    const yesNoFields = questionnaireFields.filter((f) => choiceValues(f.name).includes("Yes"));
    expect(yesNoFields.length).toBeGreaterThan(40);
    for (const f of yesNoFields) expect(choiceValues(f.name)).toEqual(["No", "Yes"]);
  });

  test("stake bands, ED call and employer service lines", () => {
    expect(choiceValues("ownership_stake")).toEqual(["0-25%", "25-50%", "50-75%", "75-99%", "100%"]);
    expect(choiceValues("nature_of_partnership")).toContain("Pay for ED call");
    expect(choiceValues("negotiated_contracts_procedures")).toEqual([
      "Foot and Ankle",
      "Hand and UE",
      "Trauma",
      "LE Joint Replacement",
      "Sports Medicine",
      "Spine",
      "None of the above",
    ]);
  });

  test("multi-choice lists end with 'None of the above'; those offering 'Other' have a free-text companion", () => {
    for (const f of questionnaireFields.filter((candidate) => candidate.type === "multiple_choice")) {
      expect(choiceValues(f.name).at(-1)).toBe("None of the above");
      if (!choiceValues(f.name).includes("Other")) continue;
      const textbox = field(`${f.name}_textbox`);
      expect(textbox.type).toBe("textarea");
      expect(textbox.hint).toBe(LIST_HINT);
      expect(textbox.showWhen).toEqual([
        { field: f.name, op: "includesAny", values: ["Other", "None of the above"] },
      ]);
    }
  });

  test("free text carries an «NA» hint; numbers are text with a numeric format", () => {
    for (const f of questionnaireFields.filter(
      (candidate) => candidate.type === "text" && !candidate.format,
    )) {
      expect([LIST_HINT, NA_HINT]).toContain(f.hint!);
    }
    const numeric = questionnaireFields.filter((f) => f.format === "number").map((f) => f.name);
    expect(numeric).toEqual([
      "ed_call_rate",
      "percentage_pcps_employed",
      "fte_navigators",
      "prom_completion_rate",
      "hip_fracture_surgery_wait_time",
    ]);
    for (const name of numeric) expect(field(name).type).toBe("text");
    for (const name of numeric) expect(field(name).hint).toContain(NA_HINT);
    expect(field("percentage_pcps_employed").max).toBe(100);
    expect(field("prom_completion_rate").max).toBe(100);
  });

  test("the spec's display conditions", () => {
    expect(field("ownership_stake").showWhen).toEqual([
      { field: "ownership_ambulatory_surgical_centers", op: "equals", value: "Yes" },
    ]);
    expect(field("asc_partner_description").showWhen).toEqual([
      { field: "ownership_stake", op: "notEmpty" },
      { field: "ownership_stake", op: "notIn", values: ["100%"] },
    ]);
    const serviceLines = [
      "Foot and Ankle",
      "Hand and UE",
      "Trauma",
      "LE Joint Replacement",
      "Sports Medicine",
      "Spine",
    ];
    for (const name of ["reserved_spots_for_services", "employer_injury_prevention_program"]) {
      expect(field(name).showWhen).toEqual([
        { field: "negotiated_contracts_procedures", op: "includesAny", values: serviceLines },
      ]);
    }
  });

  test("the definition is plain data: it survives JSON unchanged", () => {
    expect(JSON.parse(JSON.stringify(questionnaireForm))).toEqual(questionnaireForm);
    expect(questionnaireForm.name).toBe("questionnaire");
  });
});
