/**
 * Examples of the API document: the practice profile (organisation, facilities, locations,
 * providers) and the customer's session detail. Checked against the routes' answer schemas by
 * tests/api/apiDocument.test.ts.
 */
import { customerUserExample, liveItemExample, ORGANISATION_ID, taskExample } from "./people.ts";

const FACILITY_ID = "4a6c8e0f-2b4d-4f6a-8c0e-2b4d6f8a0c1e";

export const locationExample = {
  id: "8b0d2f4a-6c8e-4a2c-9e4f-6a8c0e2f4b6d",
  facility_id: FACILITY_ID,
  name: "Riverside Surgery Center, East Wing",
  physical_address: "120 River Road",
  physical_locale: "Springfield, IL",
  physical_locale_zip: "62701",
  physical_full_address: "120 River Road, Springfield, IL 62701",
  site_of_care_codes_billed: ["24"],
  services_provided: ["Knee arthroscopy"],
  services_provided_textbox: "",
  opened_on: "2019-04-01",
  closed_on: null,
};

export const facilityExample = {
  id: FACILITY_ID,
  npi: "1234567893",
  name: "Riverside Surgery Center",
  physical_address: "120 River Road",
  physical_locale: "Springfield, IL",
  physical_locale_zip: "62701",
  physical_full_address: "120 River Road, Springfield, IL 62701",
  site_of_care_codes_billed: ["24"],
  services_provided: ["Knee arthroscopy", "Shoulder arthroscopy"],
  services_provided_textbox: "",
  opened_on: "2012-09-01",
  closed_on: null,
  billing_address: "120 River Road",
  billing_locale: "Springfield, IL",
  billing_locale_zip: "62701",
  billing_full_address: "120 River Road, Springfield, IL 62701",
  locations: [locationExample],
};

export const providerExample = {
  id: "1c3e5a7b-9d1f-4b3d-8f5a-7c9e1b3d5f7a",
  npi: "1497758544",
  full_name: "Morgan Lee MD",
  last_name: "Lee",
  first_name: "Morgan",
  middle_name: "",
  suffix: "MD",
  age: "48",
  phone: "217-555-0142",
  fax: "",
  address1: "120 River Road",
  address2: "",
  city: "Springfield",
  zipcode: "62701",
  full_address: "120 River Road, Springfield 62701",
  date_joined: "2015-07-01",
  date_retire: null,
  clinical_certification: "ABOS",
  category: "Physician",
  ptype: "Orthopaedic Surgery",
  speciality: ["Sports Medicine"],
  speciality_textbox: "",
  abos_fellowship_trained: "Yes",
  shareholder: "Yes" as const,
  employed_by_practice: "No" as const,
  fte_status: "Full time",
  name_work_at: ["Riverside Surgery Center"],
};

export const organisationExample = {
  id: ORGANISATION_ID,
  name: "Riverside Orthopaedics",
  address: "120 River Road",
  locale: "Springfield, IL",
  locale_zip: "62701",
  full_address: "120 River Road, Springfield, IL 62701",
  phone_1: "217-555-0100",
  phone_2: "",
  fax: "217-555-0101",
  logo: null,
  initialized: true,
  agreement_accepted: true,
  users: [customerUserExample],
  profile_changed_at: "2026-11-20T14:02:11.000Z",
  facilities: [facilityExample],
  providers: [providerExample],
  years: [2024],
  available_years: [2024, 2025],
  replaced_years: [],
  pending_years: [2025],
  held_years: [],
  setup: {
    steps: [
      {
        key: "facilities" as const,
        label: "Facilities",
        description: "Where the practice works.",
        done: true,
        waiting: null,
      },
      {
        key: "data-review" as const,
        label: "Data review",
        description: "Vitality checks the uploaded data.",
        done: false,
        waiting: "Vitality is reviewing your 2025 data.",
      },
    ],
    done: 1,
    total: 2,
    next: "data-review" as const,
    waiting: "Vitality is reviewing your 2025 data.",
  },
};

export const organisationAnswerExample = { status: 200 as const, organization: organisationExample };

export const customerDetailExample = {
  status: 200 as const,
  profile: { ...customerUserExample, notifications: [liveItemExample], background_tasks: [taskExample] },
  kind: "client" as const,
  logged: true as const,
  dummy: false,
  organization: organisationExample,
  file_upload_path: "/api/management/customer/file/",
  forms: {},
};
