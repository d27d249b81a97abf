import type { QuestionnaireAnswers } from "./schema.ts";

/**
 * A realistic, complete set of answers for the demo organisation: a mid-sized orthopaedic group
 * holding half of an ASC with a hospital partner, paid for ED call, with employer contracts.
 * It passes the questionnaire schema unchanged (a test holds it to that).
 */
export const exampleAnswers = {
  ownership_ambulatory_surgical_centers: "Yes",
  asc_ownership_restrictions: "No",
  ownership_stake: "25-50%",
  asc_partner_description: ["Hospital or health system", "Other"],
  asc_partner_description_textbox: "Anesthesia group",

  own_rehab: "Yes",
  accept_therapy_referrals: "Yes",
  dme_program: "Yes",
  dme_tracking_process: "No",

  orthopedic_urgent_care: "Yes",
  collect_patient_satisfaction_data: "Yes",
  collect_patient_satisfaction_instruments: ["Press Ganey", "Net Promoter Score"],
  address_patient_satisfaction_scores: "Yes",

  tracking_referrals: "Yes",
  secure_emr_connection: "No",
  financial_partnership_hospitals: "Yes",
  nature_of_partnership: ["Co-management agreement", "Pay for ED call"],
  ed_call_rate: "1500",

  hospital_self_insured: "Yes",
  self_insured_hospital_name: "St. Mary's Regional Medical Center",
  local_hospitals_self_insured: "Lakeside Community Hospital, Mercy Orthopedic Hospital",

  percentage_pcps_employed: "62",
  negotiated_contracts_procedures: ["LE Joint Replacement", "Spine"],
  reserved_spots_for_services: "Yes",
  employer_injury_prevention_program: "No",
  local_employers_shared_data: "No",

  athletic_trainers_in_community: "Yes",
  local_athletic_organizations: "Central High School, Westfield High School, Lakeside Youth Soccer Club",
  athletic_trainer_partnerships: "Yes",
  tracking_roi_athletic_trainer: "No",

  strategic_plan: "Yes",
  strategic_plan_updated: "1 to 3 years ago",
  tracking_progress_initiatives: "Yes",
  physician_recruitment_strategy: "Yes",
  expand_services: "Yes",
  additional_services_offered: "MRI, Pain management",
  anticipated_roi_estimate: "NA",

  key_person_insurance: "Yes",
  incentive_based_compensation: "Yes",
  executive_council: "Yes",

  patient_navigators: "Yes",
  fte_navigators: "2.5",
  technology_support_care_navigators: "No",

  online_appointment_platform: "Yes",
  communication_with_pcps: "Yes",
  educational_care_coordination_discussions: "No",

  facility_services: ["Ambulatory surgery", "X-Ray", "MRI", "Physical therapy", "DME"],
  site_of_care_selection: "Yes",
  blue_distinction_center: "No",

  anterior_hip_replacements: "Yes",
  quad_sparing_knee_replacement: "No",

  proms_joint_replacement: "Yes",
  prom_completion_rate: "48",
  second_opinion_clinic: "No",
  optimization_program: "Yes",
  early_intervention_back_program: "No",

  stealth_navigation_system: "Yes",
  pain_management_services: "Yes",
  performance_enhancement_programs: "No",
  injury_prevention_programs: "Yes",
  athlete_return_programs: "Yes",

  minimally_invasive_tenotomy: "No",
  same_day_splints: "Yes",
  physicians_cover_ed: "Yes",
  partnerships_hospitals_ems: "No",
  ems_relationships: "No",

  hip_fracture_surgery_wait_time: "22",
  hip_fractures_admitted_hospitalist: "Yes",
  hip_fracture_risk_reduction: "No",
  gait_running_clinics: "No",
  create_orthotics: "Yes",
} satisfies QuestionnaireAnswers;
