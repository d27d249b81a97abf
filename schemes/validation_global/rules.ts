/**
 * The global validation's rules, as pure functions over counts (the SQL counts, these decide).
 * Thresholds are named here and explained in README.md.
 */
import type { ServiceLine } from "../../server/engine/filters.ts";
import type { FacilityRow, ProviderRow } from "../../server/schemes/scheme.ts";

/** A line's share of the practice's surgical cases "far" from its share of the market's: > 10 points. */
export const SPECIALITY_SHARE_GAP = 0.1;
/** Market and upload volumes of a provider "differ" when they are more than 20% apart (of the upload). */
export const LN_TOLERANCE = 0.2;

const percent = (share: number) => `${(Math.round(share * 1000) / 10).toFixed(1)}%`;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

export function specialityNote(
  counts: { practice: number; market: number },
  totals: { practice: number; market: number },
): string {
  if (counts.practice === 0 && counts.market === 0) return "";
  if (counts.practice === 0) {
    return `No case in the practice data; the market of the service area has ${plural(counts.market, "case")}.`;
  }
  const practiceShare = counts.practice / totals.practice;
  const marketShare = totals.market === 0 ? 0 : counts.market / totals.market;
  if (Math.abs(practiceShare - marketShare) <= SPECIALITY_SHARE_GAP) return "";
  return `${percent(practiceShare)} of the practice's surgical cases against ${percent(marketShare)} of the market's.`;
}

export function lnNote(ln: number, upload: number): string {
  if (upload === 0) return ln === 0 ? "" : `No surgical case in the upload; the market data has ${ln}.`;
  if (Math.abs(ln - upload) <= LN_TOLERANCE * upload) return "";
  const difference = Math.round(((ln - upload) / upload) * 100);
  return `The market data has ${ln} surgical cases against ${upload} in the upload (${difference > 0 ? "+" : ""}${difference}%).`;
}

/** fte_status as a number of full-time equivalents; blank (not given) counts as full time. */
export function fteOf(provider: Pick<ProviderRow, "fteStatus">): number {
  const value = Number.parseFloat(provider.fteStatus);
  return Number.isFinite(value) && value >= 0 ? value : 1;
}

/** The subspecialities of mix_capacity: the surgical service lines, named as the provider form names them. */
export const SUBSPECIALITIES: Array<{ line: ServiceLine; name: string }> = [
  { line: "le_joint_replacement", name: "LE Joint Replacement" },
  { line: "spine", name: "Spine" },
  { line: "trauma", name: "Trauma" },
  { line: "hand_ue", name: "Hand and UE" },
  { line: "foot_ankle", name: "Foot and Ankle" },
  { line: "sports_medicine", name: "Sports Medicine" },
  { line: "other", name: "Other" },
];

/** The six "other cases" notes: the practice-data category and the services_provided choices that offer it. */
export const OTHER_SERVICES = {
  new_patient_em: { category: "new_patient_em", services: ["Clinic visits"], label: "new patient E/M" },
  mri: { category: "advanced_imaging", services: ["MRI"], label: "MRI" },
  initial_eval: {
    category: "initial_eval",
    services: ["Physical Therapy", "Occupational Therapy"],
    label: "PT/OT initial evaluation",
  },
  other_pt_ot: {
    category: "other_pt_ot",
    services: ["Physical Therapy", "Occupational Therapy"],
    label: "other PT/OT",
  },
  casting_spliting: {
    category: "casting_splinting",
    services: ["Casting and Splinting"],
    label: "casting and splinting",
  },
  aspiration_injection: {
    category: "aspiration_injection",
    services: ["Injections"],
    label: "aspiration/injection",
  },
} as const;
export type OtherService = keyof typeof OTHER_SERVICES;

/** Facilities and locations whose services_provided include one of `services`. */
export function sitesOffering(facilities: FacilityRow[], services: readonly string[]): string[] {
  const offers = (list: string[]) => list.some((service) => services.includes(service));
  return facilities.flatMap((facility) => [
    ...(offers(facility.servicesProvided) ? [facility.name] : []),
    ...facility.locations
      .filter((location) => offers(location.servicesProvided))
      .map((location) => location.name),
  ]);
}

export function otherServiceNote(service: OtherService, offeredAt: string[], volume: number): string {
  const { services, label } = OTHER_SERVICES[service];
  const offered = services.join(" or ");
  if (offeredAt.length > 0 && volume === 0) {
    return `${offered} is offered at ${offeredAt.join(", ")} but the practice data has no ${label} line.`;
  }
  if (offeredAt.length === 0 && volume > 0) {
    return `The practice data bills ${plural(volume, "unit")} of ${label} but no facility lists ${offered} among its services.`;
  }
  return "";
}
