/**
 * What the practice profile declares (admin-area.md section 3, Facility): each facility and each
 * of its locations lists `services_provided` and `site_of_care_codes_billed`. This file says which
 * service choice covers which category and which place-of-service code stands for which setting.
 */

import type { Category } from "../../server/reference/codes/categories.ts";
import type { FacilityRow } from "../../server/schemes/scheme.ts";
import type { Setting } from "./sections.ts";

/** The services_provided choices (server/forms/facility.ts) that cover each category. */
export const SERVICES_OF_CATEGORY: Record<Category, readonly string[]> = {
  le_joint_replacement: ["Surgery"],
  spine: ["Surgery"],
  trauma: ["Surgery"],
  sports_medicine: ["Surgery"],
  hand_ue: ["Surgery"],
  foot_ankle: ["Surgery"],
  other_surgical: ["Surgery"],
  new_patient_em: ["Clinic visits"],
  established_em: ["Clinic visits"],
  ultrasound: ["Ultrasound"],
  advanced_imaging: ["MRI", "CT"],
  initial_eval: ["Physical Therapy", "Occupational Therapy"],
  other_pt_ot: ["Physical Therapy", "Occupational Therapy"],
  chiropractic: ["Chiropractic"],
  casting_splinting: ["Casting and Splinting"],
  aspiration_injection: ["Injections"],
};

/** CMS place-of-service codes of the facility form, read as the setting rule 4 of section 5 does. */
export const SETTING_OF_CODE: Record<string, Setting> = {
  "11": "OFFICE",
  "19": "OP",
  "21": "IP",
  "22": "OP",
  "23": "OP",
  "24": "ASC",
};

export interface ProfileSite {
  name: string;
  services: string[];
  codes: string[];
}

/** The facilities and their locations, each with what it declares. */
export function profileSites(facilities: FacilityRow[]): ProfileSite[] {
  return facilities.flatMap((facility) => [
    { name: facility.name, services: facility.servicesProvided, codes: facility.siteOfCareCodesBilled },
    ...facility.locations.map((location) => ({
      name: location.name,
      services: location.servicesProvided,
      codes: location.siteOfCareCodesBilled,
    })),
  ]);
}

export interface CategoryDeclaration {
  declared: boolean;
  /** The service choices covering the category that some site lists. */
  services: string[];
  /** The sites whose services_provided cover the category. */
  sites: string[];
  /** The place-of-service codes those sites bill, sorted. */
  codes: string[];
  /** The settings those codes stand for. */
  settings: Setting[];
}

export function declarationOf(category: Category, sites: ProfileSite[]): CategoryDeclaration {
  const services = SERVICES_OF_CATEGORY[category];
  const declaring = sites.filter((site) => site.services.some((service) => services.includes(service)));
  const codes = [...new Set(declaring.flatMap((site) => site.codes))].sort();
  const settings = [
    ...new Set(codes.map((code) => SETTING_OF_CODE[code]).filter((setting) => setting !== undefined)),
  ];
  const listed = services.filter((service) => declaring.some((site) => site.services.includes(service)));
  return {
    declared: declaring.length > 0,
    services: listed,
    sites: declaring.map((site) => site.name),
    codes,
    settings,
  };
}
