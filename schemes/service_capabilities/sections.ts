/**
 * The 16 sections of the service-capabilities and market-profile detail modals (admin-area.md
 * section 2), each mapped to its data-contract category (section 5), in the category table's order.
 * The section titles are the result's keys, so the modal shows them exactly as the spec names them.
 */
import type { Category } from "../../server/reference/codes/categories.ts";

export const CATEGORY_SECTIONS = [
  { category: "le_joint_replacement", section: "LE Joint replacement", surgical: true },
  { category: "spine", section: "Spine", surgical: true },
  { category: "trauma", section: "Trauma", surgical: true },
  { category: "sports_medicine", section: "Sports medicine", surgical: true },
  { category: "hand_ue", section: "Hand UE", surgical: true },
  { category: "foot_ankle", section: "Foot & Ankle", surgical: true },
  { category: "other_surgical", section: "Other surgical", surgical: true },
  { category: "new_patient_em", section: "New patient E&M", surgical: false },
  { category: "established_em", section: "Established patient E&M", surgical: false },
  { category: "ultrasound", section: "Ultrasound", surgical: false },
  { category: "advanced_imaging", section: "Advanced imaging", surgical: false },
  { category: "initial_eval", section: "Initial eval", surgical: false },
  { category: "other_pt_ot", section: "Other PT OT", surgical: false },
  { category: "chiropractic", section: "Chiropractic", surgical: false },
  { category: "casting_splinting", section: "Casting spliting straping", surgical: false },
  { category: "aspiration_injection", section: "Aspiration Injection", surgical: false },
] as const satisfies ReadonlyArray<{ category: Category; section: string; surgical: boolean }>;

export type SectionTitle = (typeof CATEGORY_SECTIONS)[number]["section"];

export const SURGICAL_SECTIONS = CATEGORY_SECTIONS.filter((section) => section.surgical);

/** The setting of a practice line (data-contract.md section 5) and "no setting". */
export const SETTINGS = ["IP", "OP", "ASC", "OFFICE"] as const;
export type Setting = (typeof SETTINGS)[number];

/** payor_classification classes (data-contract.md section 2); a payer not listed is `other`. */
export const PAYER_CLASSES = [
  "commercial",
  "medicare",
  "medicare_advantage",
  "medicaid",
  "workers_comp",
  "self_pay",
  "other",
] as const;

/** One decimal place: the score scale (customer-area.md section 9). */
export const round1 = (value: number) => Math.round(value * 10) / 10;
/** Percentages in a detail modal are shown as plain text: kept to 2 decimals, as screens show them. */
export const round2 = (value: number) => Math.round(value * 100) / 100;
/** Money to the cent: sums of many doubles would otherwise show 984929.1600000001. */
export const cents = (value: number) => Math.round(value * 100) / 100;
