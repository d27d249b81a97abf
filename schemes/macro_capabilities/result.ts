/**
 * The stored macro capabilities: the five sections of admin-area.md section 2 (Governance,
 * Partnerships, Foundational, Integration, Rollup), each a flat object of labelled fields. Answers
 * not given (or no questionnaire yet) are null, shown as N/A.
 */
import { z } from "zod";

const yesNo = z.boolean().nullable();
const text = z.string().nullable();
const list = z.array(z.string());
const count = z.number().int().nonnegative();
/** Percent of a section's practices in place; null without questionnaire answers. */
const coverage = z.number().nullable();

export const governanceSection = z.strictObject({
  strategic_plan: yesNo,
  strategic_plan_updated: text,
  tracking_progress_initiatives: yesNo,
  physician_recruitment_strategy: yesNo,
  key_person_insurance: yesNo,
  incentive_based_compensation: yesNo,
  executive_council: yesNo,
  providers: count,
  physicians: count,
  shareholders: count,
  shareholder_share: z.number(),
  employed_by_practice: count,
  practices_in_place: count,
  practices_total: count,
  coverage,
});

export const partnershipsSection = z.strictObject({
  ownership_ambulatory_surgical_centers: yesNo,
  ownership_stake: text,
  asc_partner_description: list,
  financial_partnership_hospitals: yesNo,
  nature_of_partnership: list,
  ed_call_rate: z.number().nullable(),
  hospital_self_insured: yesNo,
  negotiated_contracts_procedures: list,
  reserved_spots_for_services: yesNo,
  employer_injury_prevention_program: yesNo,
  local_employers_shared_data: yesNo,
  athletic_trainer_partnerships: yesNo,
  physicians_cover_ed: yesNo,
  partnerships_hospitals_ems: yesNo,
  ems_relationships: yesNo,
  /** A facility or location of the profile bills POS 24 (ambulatory surgical center). */
  asc_site_in_profile: z.boolean(),
  /** Places outside the profile where the practice performs surgical cases (SC), by cases. */
  partner_sites: z.record(z.string(), z.number()),
  partner_site_cases: z.number().nonnegative(),
  partner_site_case_share: z.number(),
  practices_in_place: count,
  practices_total: count,
  coverage,
});

export const foundationalSection = z.strictObject({
  own_rehab: yesNo,
  dme_program: yesNo,
  dme_tracking_process: yesNo,
  orthopedic_urgent_care: yesNo,
  online_appointment_platform: yesNo,
  patient_navigators: yesNo,
  fte_navigators: z.number().nullable(),
  facility_services: list,
  blue_distinction_center: yesNo,
  proms_joint_replacement: yesNo,
  prom_completion_rate: z.number().nullable(),
  optimization_program: yesNo,
  early_intervention_back_program: yesNo,
  facilities: count,
  locations: count,
  /** Providers of the profile per category (Physician, Advanced Practice Provider, ...). */
  providers_by_category: z.record(z.string(), z.number()),
  /** SC: categories with volume, of the 16, and those some site of the profile lists. */
  categories_performed: count,
  categories_declared: count,
  surgical_cases: z.number().nonnegative(),
  revenue: z.number(),
  practices_in_place: count,
  practices_total: count,
  coverage,
});

export const integrationSection = z.strictObject({
  tracking_referrals: yesNo,
  secure_emr_connection: yesNo,
  communication_with_pcps: yesNo,
  educational_care_coordination_discussions: yesNo,
  accept_therapy_referrals: yesNo,
  site_of_care_selection: yesNo,
  technology_support_care_navigators: yesNo,
  percentage_pcps_employed: z.number().nullable(),
  /** SC: imaging, therapy and in-office sections with volume. */
  ancillary_services_performed: list,
  therapy_services_per_surgical_case: z.number().nullable(),
  imaging_services_per_new_patient_visit: z.number().nullable(),
  practices_in_place: count,
  practices_total: count,
  coverage,
});

export const rollupSection = z.strictObject({
  /** The questionnaire of the year when the scheme ran (waiting, under_analysis, valid) or null. */
  questionnaire_state: z.string().nullable(),
  governance: coverage,
  partnerships: coverage,
  foundational: coverage,
  integration: coverage,
  /** Mean of the four coverages. */
  overall: coverage,
  practices_in_place: count,
  practices_total: count,
  surgical_lines_performed: count,
  ancillary_services_performed: count,
  categories_performed: count,
});

export const macroCapabilitiesResult = z.strictObject({
  Governance: governanceSection,
  Partnerships: partnershipsSection,
  Foundational: foundationalSection,
  Integration: integrationSection,
  Rollup: rollupSection,
});
export type MacroCapabilities = z.infer<typeof macroCapabilitiesResult>;
