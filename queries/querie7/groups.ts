/** The groups of querie7 and their services (analyses.md), in screen order. */
export const REVENUE_GROUPS = [
  {
    group: "Surgery",
    services: [
      "le_joint_replacement",
      "spine",
      "trauma",
      "sports_medicine",
      "hand_ue",
      "foot_ankle",
      "other_surgical",
    ],
  },
  { group: "Evaluation & management", services: ["new_patient_em", "established_em"] },
  { group: "Imaging", services: ["ultrasound", "advanced_imaging"] },
  { group: "Therapy", services: ["initial_eval", "other_pt_ot", "chiropractic"] },
  { group: "In-office procedures", services: ["casting_splinting", "aspiration_injection"] },
  // Lines whose code matches no category.
  { group: "Other", services: ["other"] },
] as const;

export const SERVICE_LABELS: Record<string, string> = {
  le_joint_replacement: "Joint Replacement (LE)",
  spine: "Spine",
  trauma: "Trauma",
  sports_medicine: "Sports Medicine",
  hand_ue: "Hand & Upper Extremity",
  foot_ankle: "Foot & Ankle",
  other_surgical: "Other surgical",
  new_patient_em: "New patient E&M",
  established_em: "Established patient E&M",
  ultrasound: "Ultrasound",
  advanced_imaging: "Advanced imaging",
  initial_eval: "Initial evaluation",
  other_pt_ot: "Other PT/OT",
  chiropractic: "Chiropractic",
  casting_splinting: "Casting & splinting",
  aspiration_injection: "Aspiration & injection",
  other: "Other (no category)",
};
