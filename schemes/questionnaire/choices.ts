import type { Choice } from "./fields.ts";

const choices = (...values: string[]): readonly Choice[] => values.map((value) => ({ value, label: value }));

export const OTHER = "Other";
export const NONE_OF_THE_ABOVE = "None of the above";
export const PAY_FOR_ED_CALL = "Pay for ED call";
export const FULL_STAKE = "100%";

/** Yes/No switches list No first (admin-area.md section 9). */
export const yesNo = choices("No", "Yes");

export const stakeBands = choices("0-25%", "25-50%", "50-75%", "75-99%", FULL_STAKE);

export const ascPartners = choices(
  "Hospital or health system",
  "Other physician group",
  "Management company",
  "Private equity investor",
  OTHER,
  NONE_OF_THE_ABOVE,
);

export const satisfactionInstruments = choices(
  "Press Ganey",
  "NRC Health",
  "CG-CAHPS",
  "Net Promoter Score",
  "In-house survey",
  OTHER,
  NONE_OF_THE_ABOVE,
);

export const partnershipNatures = choices(
  "Co-management agreement",
  PAY_FOR_ED_CALL,
  "Medical directorship",
  "Joint venture",
  "Professional services agreement",
  OTHER,
  NONE_OF_THE_ABOVE,
);

/** The service lines a direct employer contract can cover; any of them opens the employer follow-ups. */
export const contractedServiceLines = [
  "Foot and Ankle",
  "Hand and UE",
  "Trauma",
  "LE Joint Replacement",
  "Sports Medicine",
  "Spine",
] as const;

export const negotiatedProcedures = choices(...contractedServiceLines, NONE_OF_THE_ABOVE);

export const facilityServiceChoices = choices(
  "Ambulatory surgery",
  "X-Ray",
  "MRI",
  "CT",
  "Ultrasound",
  "Physical therapy",
  "Occupational therapy",
  "Urgent care",
  "DME",
  OTHER,
  NONE_OF_THE_ABOVE,
);

export const planAges = choices("Within the last year", "1 to 3 years ago", "More than 3 years ago");

/** Free-text hints (admin-area.md section 5). */
export const LIST_HINT = "Separate by a comma, «NA» if not known";
export const NA_HINT = "«NA» if not known";
