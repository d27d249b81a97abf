/**
 * The Strategic Vitality Score: five dimensions on 0-20 with one decimal and their weights
 * (customer-area.md section 9). Each formula is written here once, in words, and stored with every
 * result so the scoring detail shows how each number was made.
 */
export const DIMENSIONS = [
  "market_alignement",
  "centricity",
  "competitive_comparison",
  "partnerships",
  "service_mix_and_strength",
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** Percent of the total each dimension weighs. */
export const WEIGHTS: Record<Dimension, number> = {
  market_alignement: 30,
  centricity: 10,
  competitive_comparison: 10,
  partnerships: 30,
  service_mix_and_strength: 20,
};

export const FORMULAS: Record<Dimension | "total", string> = {
  market_alignement:
    "20 x (0.6 x mix_similarity + 0.4 x asc_alignment). mix_similarity = 1 - 1/2 x Σ over the 7 surgical lines of |customer_mix - market_mix|, where customer_mix is the line's share of the customer's service-area cases and market_mix its share of the service area's market volume (market profile); 0 when the customer has no case. asc_alignment = min(1, customer_asc_share / market_asc_share) of Total surgical (1 when the market has no ASC case).",
  centricity:
    "20 x patient-centred practices in place / 10. Practices (questionnaire, Yes): online_appointment_platform, collect_patient_satisfaction_data, address_patient_satisfaction_scores, patient_navigators, orthopedic_urgent_care, proms_joint_replacement, second_opinion_clinic, communication_with_pcps, educational_care_coordination_discussions, same_day_splints.",
  competitive_comparison:
    "20 x (0.5 x leader_ratio + 0.5 x share_breadth). leader_ratio = min(1, customer surgical cases / cases of the largest competitor facility) in the service area (1 without competitor). share_breadth = mean over the surgical lines with market volume of min(1, line market_share / Total surgical market_share) (0 when the customer has no share).",
  partnerships:
    "20 x (0.5 x partnership practices in place / 10 + 0.5 x referral_retention / 100). Practices (questionnaire): ASC ownership, financial partnership with hospitals, employer contracts (any procedure), reserved spots for employers, employer injury prevention, employer data sharing, athletic trainer partnerships, ED cover, trauma partnerships with hospitals or EMS, EMS relationships. referral_retention: percent of the surgical cases referred by the customer's providers that the customer performed (market profile).",
  service_mix_and_strength:
    "20 x (0.4 x categories_performed / 16 + 0.3 x deep_surgical_lines / 7 + 0.3 x in_area_care / 100). categories_performed: service-capability sections with volume (macro capabilities, Rollup); deep_surgical_lines: surgical sections performed by at least 2 providers; in_area_care: percent of the service area's surgical cases treated inside it (market profile).",
  total:
    "0.30 x market_alignement + 0.10 x centricity + 0.10 x competitive_comparison + 0.30 x partnerships + 0.20 x service_mix_and_strength, of the dimension scores as shown (one decimal), rounded to one decimal.",
};
