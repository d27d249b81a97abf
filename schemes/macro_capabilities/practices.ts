/**
 * The questionnaire answers each macro section counts as "practices in place", and how an answer is
 * read. The scoring reuses these lists, so a practice means the same in both places.
 */
import type { QuestionnaireFieldName } from "../questionnaire/steps.ts";

export type Answers = Partial<Record<string, unknown>>;

/** A Yes/No answer as a boolean; null when not answered (or not a Yes/No answer). */
export function yesNo(answers: Answers | null, field: QuestionnaireFieldName): boolean | null {
  const answer = answers?.[field];
  if (answer === "Yes") return true;
  if (answer === "No") return false;
  return null;
}

/** A multi-choice answer; [] when not answered. */
export function choicesOf(answers: Answers | null, field: QuestionnaireFieldName): string[] {
  const answer = answers?.[field];
  return Array.isArray(answer) ? answer.filter((item): item is string => typeof item === "string") : [];
}

/** A text answer; null when not answered. */
export function textOf(answers: Answers | null, field: QuestionnaireFieldName): string | null {
  const answer = answers?.[field];
  return typeof answer === "string" && answer.trim() !== "" ? answer : null;
}

/** A numeric text answer ("2.5", "62"); null when not answered or not a number. */
export function numberOf(answers: Answers | null, field: QuestionnaireFieldName): number | null {
  const text = textOf(answers, field);
  if (text === null || !/^\d+(\.\d+)?$/.test(text.trim())) return null;
  return Number(text);
}

const NONE_OF_THE_ABOVE = "None of the above";

/**
 * A practice is in place when its Yes/No answer is Yes, or - for a multi-choice practice - when a
 * choice other than 'None of the above' is selected. Unanswered counts as not in place.
 */
export interface Practice {
  field: QuestionnaireFieldName;
  kind: "yes_no" | "any_choice";
}

const yes = (field: QuestionnaireFieldName): Practice => ({ field, kind: "yes_no" });
const anyChoice = (field: QuestionnaireFieldName): Practice => ({ field, kind: "any_choice" });

export const PRACTICES = {
  governance: [
    yes("strategic_plan"),
    yes("tracking_progress_initiatives"),
    yes("physician_recruitment_strategy"),
    yes("key_person_insurance"),
    yes("incentive_based_compensation"),
    yes("executive_council"),
  ],
  partnerships: [
    yes("ownership_ambulatory_surgical_centers"),
    yes("financial_partnership_hospitals"),
    anyChoice("negotiated_contracts_procedures"),
    yes("reserved_spots_for_services"),
    yes("employer_injury_prevention_program"),
    yes("local_employers_shared_data"),
    yes("athletic_trainer_partnerships"),
    yes("physicians_cover_ed"),
    yes("partnerships_hospitals_ems"),
    yes("ems_relationships"),
  ],
  foundational: [
    yes("own_rehab"),
    yes("dme_program"),
    yes("dme_tracking_process"),
    yes("orthopedic_urgent_care"),
    yes("online_appointment_platform"),
    yes("patient_navigators"),
    yes("blue_distinction_center"),
    yes("proms_joint_replacement"),
    yes("optimization_program"),
    yes("early_intervention_back_program"),
  ],
  integration: [
    yes("tracking_referrals"),
    yes("secure_emr_connection"),
    yes("communication_with_pcps"),
    yes("educational_care_coordination_discussions"),
    yes("accept_therapy_referrals"),
    yes("site_of_care_selection"),
    yes("technology_support_care_navigators"),
  ],
  /** Customer centricity (scoring): how the practice serves and hears its patients. */
  centricity: [
    yes("online_appointment_platform"),
    yes("collect_patient_satisfaction_data"),
    yes("address_patient_satisfaction_scores"),
    yes("patient_navigators"),
    yes("orthopedic_urgent_care"),
    yes("proms_joint_replacement"),
    yes("second_opinion_clinic"),
    yes("communication_with_pcps"),
    yes("educational_care_coordination_discussions"),
    yes("same_day_splints"),
  ],
} as const satisfies Record<string, readonly Practice[]>;

export type PracticeGroup = keyof typeof PRACTICES;

export function inPlace(answers: Answers | null, practice: Practice): boolean {
  if (practice.kind === "yes_no") return yesNo(answers, practice.field) === true;
  return choicesOf(answers, practice.field).some((choice) => choice !== NONE_OF_THE_ABOVE);
}

export interface PracticeCount {
  in_place: number;
  total: number;
  /** The fields counted as in place, for the detail modal. */
  fields: string[];
}

export function countPractices(answers: Answers | null, group: PracticeGroup): PracticeCount {
  const practices: readonly Practice[] = PRACTICES[group];
  const fields = practices.filter((practice) => inPlace(answers, practice)).map((practice) => practice.field);
  return { in_place: fields.length, total: practices.length, fields };
}
