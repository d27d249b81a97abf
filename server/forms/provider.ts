import { cityAndZip } from "./facility.ts";
import { choices, type FormDefinition, yesNo } from "./types.ts";

export const PROVIDER_LOOKUP_URL = "/api/services/lexisnexis/individual/";

export const providerCategories = choices(
  "Physician",
  "Advanced Practice Provider",
  "Therapist",
  "Chiropractor",
);

export const providerTypesByCategory = {
  Physician: choices(
    "Orthopaedic Surgeon",
    "Non-operative Physician",
    "Podiatrist",
    "Pain Management Physician",
  ),
  "Advanced Practice Provider": choices("Physician Assistant", "Nurse Practitioner"),
  Therapist: choices("Physical Therapist", "Occupational Therapist", "Athletic Trainer"),
  Chiropractor: choices("Chiropractor"),
};

const surgicalSpecialities = choices(
  "LE Joint Replacement",
  "Spine",
  "Trauma",
  "Hand and UE",
  "Foot and Ankle",
  "Sports Medicine",
  "General Orthopaedics",
  "Other",
);

export const specialitiesByCategory = {
  Physician: surgicalSpecialities,
  "Advanced Practice Provider": surgicalSpecialities,
  Therapist: choices(
    "Orthopaedic Rehabilitation",
    "Hand Therapy",
    "Sports Rehabilitation",
    "Spine Rehabilitation",
    "Other",
  ),
  Chiropractor: choices("Spine", "Sports", "Other"),
};

export const providerForm: FormDefinition = {
  name: "provider",
  fields: [
    {
      name: "npi",
      label: "NPI",
      type: "text",
      required: true,
      format: "npi",
      minlength: 10,
      maxlength: 10,
      api_url: PROVIDER_LOOKUP_URL,
    },
    { name: "last_name", label: "Last name", type: "text", required: true, format: "onlyletter" },
    { name: "first_name", label: "First name", type: "text", required: true, format: "onlyletter" },
    { name: "middle_name", label: "Middle name", type: "text", format: "onlyletter" },
    { name: "suffix", label: "Suffix", type: "text" },
    { name: "age", label: "Age", type: "text", format: "number" },
    { name: "phone", label: "Phone", type: "text", format: "number" },
    { name: "fax", label: "Fax", type: "text", format: "number" },
    { name: "address1", label: "Address 1", type: "text" },
    { name: "address2", label: "Address 2", type: "text" },
    ...cityAndZip("city", "zipcode"),
    { name: "date_joined", label: "Date joined", type: "date", hint: "Blank means 2000 or earlier" },
    { name: "date_retire", label: "Date retired", type: "date", hint: "Blank means still working" },
    {
      name: "clinical_certification",
      label: "Clinical certification",
      type: "select",
      choices: choices("MD", "DO", "DPM", "PA-C", "NP", "DPT", "OTR", "ATC", "DC"),
    },
    { name: "category", label: "Category", type: "select", required: true, choices: providerCategories },
    {
      name: "ptype",
      label: "Provider type",
      type: "select",
      required: true,
      dependsOn: { field: "category", choices: providerTypesByCategory },
      clears_on: "category",
    },
    {
      name: "speciality",
      label: "Speciality",
      type: "multiple_choice",
      required: true,
      min: 1,
      dependsOn: { field: "category", choices: specialitiesByCategory },
      clears_on: "category",
    },
    {
      name: "speciality_textbox",
      label: "Other speciality",
      type: "textarea",
      rows: 5,
      hint: "Separate by a comma, «NA» if not known",
      shown_when: { field: "speciality", includes: "Other" },
    },
    {
      name: "abos_fellowship_trained",
      label: "ABOS fellowship trained",
      type: "select",
      choices: yesNo,
      clears_on: "category",
    },
    { name: "shareholder", label: "Shareholder", type: "select", choices: yesNo, default: "No" },
    {
      name: "employed_by_practice",
      label: "Employed by practice",
      type: "select",
      choices: yesNo,
      default: "No",
    },
    {
      name: "fte_status",
      label: "FTE status",
      type: "select",
      choices: choices("1.0", "0.75", "0.5", "0.25"),
    },
    {
      name: "name_work_at",
      label: "Works at",
      type: "multiple_choice",
      required: true,
      min: 1,
      hint: "The practice's locations",
    },
  ],
};
