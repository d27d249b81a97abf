/**
 * Pure derivation of the macro capabilities from the questionnaire answers, the profile and the
 * service capabilities of the year (README.md lists every field's source). No I/O.
 */
import { share } from "../../server/engine/shares.ts";
import type { FacilityRow, ProviderRow } from "../../server/schemes/scheme.ts";
import { profileSites } from "../service_capabilities/profileServices.ts";
import type { ServiceCapabilities } from "../service_capabilities/result.ts";
import { CATEGORY_SECTIONS, cents, round2, SURGICAL_SECTIONS } from "../service_capabilities/sections.ts";
import {
  type Answers,
  choicesOf,
  countPractices,
  numberOf,
  type PracticeCount,
  textOf,
  yesNo,
} from "./practices.ts";
import type { MacroCapabilities } from "./result.ts";

export interface MacroInputs {
  /** The year's questionnaire (any state), or null when there is none yet. */
  questionnaire: { state: string; data: Answers } | null;
  facilities: FacilityRow[];
  providers: ProviderRow[];
  serviceCapabilities: ServiceCapabilities;
}

/** The imaging, therapy and in-office categories (querie7's groups other than surgery and E&M). */
export const ANCILLARY_CATEGORIES = [
  "ultrasound",
  "advanced_imaging",
  "initial_eval",
  "other_pt_ot",
  "chiropractic",
  "casting_splinting",
  "aspiration_injection",
] as const;

const UNSPECIFIED_PLACE = "Unspecified place";

function counted(answers: Answers | null, count: PracticeCount) {
  return {
    practices_in_place: count.in_place,
    practices_total: count.total,
    // Without answers nothing can be said: N/A rather than 0%.
    coverage: answers ? round2(share(count.in_place, count.total)) : null,
  };
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : round2(part / whole));

export function buildMacroCapabilities(inputs: MacroInputs): MacroCapabilities {
  const answers = inputs.questionnaire?.data ?? null;
  const sc = inputs.serviceCapabilities;
  const sectionOf = (category: string) => CATEGORY_SECTIONS.find((section) => section.category === category)!;
  const volumeOf = (category: string) => sc[sectionOf(category).section].volume;

  // Governance: the profile's providers.
  const physicians = inputs.providers.filter((provider) => provider.category === "Physician");
  const shareholders = inputs.providers.filter((provider) => provider.shareholder).length;
  const governanceCount = countPractices(answers, "governance");

  // Partnerships: surgical places in SC that are not a facility or location of the profile.
  const sites = profileSites(inputs.facilities);
  const ownNames = new Set(sites.map((site) => site.name));
  const partnerSites = new Map<string, number>();
  let surgicalCases = 0;
  for (const { section } of SURGICAL_SECTIONS) {
    surgicalCases += sc[section].volume;
    for (const [place, cases] of Object.entries(sc[section].locations)) {
      if (ownNames.has(place) || place === UNSPECIFIED_PLACE) continue;
      partnerSites.set(place, (partnerSites.get(place) ?? 0) + cases);
    }
  }
  const partnerCases = [...partnerSites.values()].reduce((sum, cases) => sum + cases, 0);
  const partnershipsCount = countPractices(answers, "partnerships");

  // Foundational: the profile's size and SC's breadth.
  const providersByCategory: Record<string, number> = {};
  for (const provider of inputs.providers) {
    const category = provider.category || "Unspecified";
    providersByCategory[category] = (providersByCategory[category] ?? 0) + 1;
  }
  const performed = CATEGORY_SECTIONS.filter(({ section }) => sc[section].performed);
  const foundationalCount = countPractices(answers, "foundational");

  // Integration: ancillary services kept in the practice.
  const ancillary = ANCILLARY_CATEGORIES.filter((category) => volumeOf(category) > 0);
  const integrationCount = countPractices(answers, "integration");

  const counts = [governanceCount, partnershipsCount, foundationalCount, integrationCount];
  const coverages = counts.map((count) => counted(answers, count).coverage);
  // The mean of the unrounded coverages (rounding each first could move the last decimal).
  const overall = counts.reduce((sum, count) => sum + share(count.in_place, count.total), 0) / counts.length;
  return {
    Governance: {
      strategic_plan: yesNo(answers, "strategic_plan"),
      strategic_plan_updated: textOf(answers, "strategic_plan_updated"),
      tracking_progress_initiatives: yesNo(answers, "tracking_progress_initiatives"),
      physician_recruitment_strategy: yesNo(answers, "physician_recruitment_strategy"),
      key_person_insurance: yesNo(answers, "key_person_insurance"),
      incentive_based_compensation: yesNo(answers, "incentive_based_compensation"),
      executive_council: yesNo(answers, "executive_council"),
      providers: inputs.providers.length,
      physicians: physicians.length,
      shareholders,
      shareholder_share: round2(share(shareholders, inputs.providers.length)),
      employed_by_practice: inputs.providers.filter((provider) => provider.employedByPractice).length,
      ...counted(answers, governanceCount),
    },
    Partnerships: {
      ownership_ambulatory_surgical_centers: yesNo(answers, "ownership_ambulatory_surgical_centers"),
      ownership_stake: textOf(answers, "ownership_stake"),
      asc_partner_description: choicesOf(answers, "asc_partner_description"),
      financial_partnership_hospitals: yesNo(answers, "financial_partnership_hospitals"),
      nature_of_partnership: choicesOf(answers, "nature_of_partnership"),
      ed_call_rate: numberOf(answers, "ed_call_rate"),
      hospital_self_insured: yesNo(answers, "hospital_self_insured"),
      negotiated_contracts_procedures: choicesOf(answers, "negotiated_contracts_procedures"),
      reserved_spots_for_services: yesNo(answers, "reserved_spots_for_services"),
      employer_injury_prevention_program: yesNo(answers, "employer_injury_prevention_program"),
      local_employers_shared_data: yesNo(answers, "local_employers_shared_data"),
      athletic_trainer_partnerships: yesNo(answers, "athletic_trainer_partnerships"),
      physicians_cover_ed: yesNo(answers, "physicians_cover_ed"),
      partnerships_hospitals_ems: yesNo(answers, "partnerships_hospitals_ems"),
      ems_relationships: yesNo(answers, "ems_relationships"),
      asc_site_in_profile: sites.some((site) => site.codes.includes("24")),
      partner_sites: Object.fromEntries(
        [...partnerSites].sort(([nameA, a], [nameB, b]) => b - a || nameA.localeCompare(nameB)),
      ),
      partner_site_cases: partnerCases,
      partner_site_case_share: round2(share(partnerCases, surgicalCases)),
      ...counted(answers, partnershipsCount),
    },
    Foundational: {
      own_rehab: yesNo(answers, "own_rehab"),
      dme_program: yesNo(answers, "dme_program"),
      dme_tracking_process: yesNo(answers, "dme_tracking_process"),
      orthopedic_urgent_care: yesNo(answers, "orthopedic_urgent_care"),
      online_appointment_platform: yesNo(answers, "online_appointment_platform"),
      patient_navigators: yesNo(answers, "patient_navigators"),
      fte_navigators: numberOf(answers, "fte_navigators"),
      facility_services: choicesOf(answers, "facility_services"),
      blue_distinction_center: yesNo(answers, "blue_distinction_center"),
      proms_joint_replacement: yesNo(answers, "proms_joint_replacement"),
      prom_completion_rate: numberOf(answers, "prom_completion_rate"),
      optimization_program: yesNo(answers, "optimization_program"),
      early_intervention_back_program: yesNo(answers, "early_intervention_back_program"),
      facilities: inputs.facilities.length,
      locations: inputs.facilities.reduce((sum, facility) => sum + facility.locations.length, 0),
      providers_by_category: providersByCategory,
      categories_performed: performed.length,
      categories_declared: CATEGORY_SECTIONS.filter(({ section }) => sc[section].declared_in_profile).length,
      surgical_cases: surgicalCases,
      revenue: cents(CATEGORY_SECTIONS.reduce((sum, { section }) => sum + sc[section].revenue, 0)),
      ...counted(answers, foundationalCount),
    },
    Integration: {
      tracking_referrals: yesNo(answers, "tracking_referrals"),
      secure_emr_connection: yesNo(answers, "secure_emr_connection"),
      communication_with_pcps: yesNo(answers, "communication_with_pcps"),
      educational_care_coordination_discussions: yesNo(answers, "educational_care_coordination_discussions"),
      accept_therapy_referrals: yesNo(answers, "accept_therapy_referrals"),
      site_of_care_selection: yesNo(answers, "site_of_care_selection"),
      technology_support_care_navigators: yesNo(answers, "technology_support_care_navigators"),
      percentage_pcps_employed: numberOf(answers, "percentage_pcps_employed"),
      ancillary_services_performed: ancillary.map((category) => sectionOf(category).section),
      therapy_services_per_surgical_case: ratio(
        volumeOf("initial_eval") + volumeOf("other_pt_ot"),
        surgicalCases,
      ),
      imaging_services_per_new_patient_visit: ratio(
        volumeOf("ultrasound") + volumeOf("advanced_imaging"),
        volumeOf("new_patient_em"),
      ),
      ...counted(answers, integrationCount),
    },
    Rollup: {
      questionnaire_state: inputs.questionnaire?.state ?? null,
      governance: coverages[0]!,
      partnerships: coverages[1]!,
      foundational: coverages[2]!,
      integration: coverages[3]!,
      overall: answers ? round2(overall) : null,
      practices_in_place: counts.reduce((sum, count) => sum + count.in_place, 0),
      practices_total: counts.reduce((sum, count) => sum + count.total, 0),
      surgical_lines_performed: SURGICAL_SECTIONS.filter(({ section }) => sc[section].performed).length,
      ancillary_services_performed: ancillary.length,
      categories_performed: performed.length,
    },
  };
}
