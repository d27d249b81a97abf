import { choices, type FieldDefinition, type FormDefinition } from "./types.ts";

/** The look-ups a city/zip pair of fields uses (server/routes/services/location.ts). */
export const CITY_AUTOCOMPLETE_URL = "/api/services/location/autocomplete/";
export const ZIPS_OF_CITY_URL = "/api/services/location/zipcodes/";

/**
 * A "City, State" field and its zip, checked together (the zip must be one of the city's; a new city
 * clears the zip): the organisation, a facility's site and a provider use the same pair.
 */
export const cityAndZip = (city: string, zip: string): FieldDefinition[] => [
  { name: city, label: "City, State", type: "text", required: true, api_url: CITY_AUTOCOMPLETE_URL },
  {
    name: zip,
    label: "Zip code",
    type: "text",
    required: true,
    format: "zip",
    minlength: 5,
    maxlength: 5,
    api_url: ZIPS_OF_CITY_URL,
    api_other: city,
    clears_on: city,
  },
];
export const FACILITY_LOOKUP_URL = "/api/services/lexisnexis/organization/";
/** The services_provided choice that makes services_provided_textbox meaningful. */
export const OTHER_DIAGNOSTICS = "Other Diagnostics";

/** Place-of-service codes a site bills under (CMS POS). */
export const siteOfCareCodes = [
  { value: "11", label: "11 Office" },
  { value: "19", label: "19 Off-campus outpatient hospital" },
  { value: "21", label: "21 Inpatient hospital" },
  { value: "22", label: "22 On-campus outpatient hospital" },
  { value: "23", label: "23 Emergency room" },
  { value: "24", label: "24 Ambulatory surgical center" },
];

export const servicesProvided = choices(
  "Surgery",
  "Clinic visits",
  "Physical Therapy",
  "Occupational Therapy",
  "Chiropractic",
  "X-Ray",
  "MRI",
  "CT",
  "Ultrasound",
  "Casting and Splinting",
  "Injections",
  "Urgent Care",
  "DME",
  "Other Diagnostics",
);

const siteFields: FieldDefinition[] = [
  { name: "name", label: "Name", type: "text", required: true },
  { name: "physical_address", label: "Physical address", type: "text", required: true },
  ...cityAndZip("physical_locale", "physical_locale_zip"),
  {
    name: "site_of_care_codes_billed",
    label: "Site of care codes billed",
    type: "multiple_choice",
    required: true,
    min: 1,
    choices: siteOfCareCodes,
  },
  {
    name: "services_provided",
    label: "Services provided",
    type: "multiple_choice",
    required: true,
    min: 1,
    choices: servicesProvided,
  },
  {
    name: "services_provided_textbox",
    label: "Other diagnostics",
    type: "textarea",
    hint: "Separate by a comma",
    rows: 5,
    shown_when: { field: "services_provided", includes: OTHER_DIAGNOSTICS },
  },
  { name: "opened_on", label: "Opened on", type: "date", hint: "Blank means open since 2000" },
  { name: "closed_on", label: "Closed on", type: "date", hint: "Blank means still open" },
];

export const facilityForm: FormDefinition = {
  name: "facility",
  fields: [
    {
      name: "npi",
      label: "NPI",
      type: "text",
      required: true,
      format: "npi",
      minlength: 10,
      maxlength: 10,
      api_url: FACILITY_LOOKUP_URL,
    },
    ...siteFields,
    { name: "billing_address", label: "Billing address", type: "text" },
    {
      name: "billing_locale",
      label: "Billing city, State",
      type: "text",
      api_url: CITY_AUTOCOMPLETE_URL,
    },
    {
      name: "billing_locale_zip",
      label: "Billing zip code",
      type: "text",
      format: "zip",
      minlength: 5,
      maxlength: 5,
      api_url: ZIPS_OF_CITY_URL,
      api_other: "billing_locale",
      clears_on: "billing_locale",
    },
  ],
};

/** A location repeats the facility's site fields without NPI and billing. */
export const locationForm: FormDefinition = { name: "location", fields: siteFields };
