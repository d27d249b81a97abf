/**
 * The customer area's answers (customer-area.md): the session check, the organisation and its
 * practice profile (server/organisations/present.ts, profileViews.ts), the Users table.
 */
import { z } from "zod";
import { errorCodeOf } from "../errorCodes.ts";
import { dateOrNull, liveItem, ok, year } from "./common.ts";

export const userStatus = z.enum(["admin", "assistant"]);

/** A user of an organisation (present.ts userView). */
export const customerUser = z.strictObject({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  picture: z.string().nullable().meta({ description: "The picture's URL, or null." }),
  is_staff: z.boolean().meta({ description: "True for the organisation's admins." }),
  status: userStatus,
  blocked: z.boolean(),
  organization_id: z.uuid(),
  channel_id: z.string(),
});
export type CustomerUser = z.infer<typeof customerUser>;

/** A year's verdict on a row (server/schemes/rowVerdicts.ts): the year detail carries it. */
export const rowVerdict = {
  state: z
    .enum(["not_validated", "valid", "warning", "error"])
    .meta({ description: "This year's validation's verdict on the row (not_validated before it ran)." }),
  note: z.string().meta({ description: "The validation's sentence(s) on the row; empty when none." }),
};

const site = {
  physical_address: z.string(),
  physical_locale: z.string(),
  physical_locale_zip: z.string(),
  physical_full_address: z.string(),
  site_of_care_codes_billed: z.array(z.string()),
  services_provided: z.array(z.string()),
  services_provided_textbox: z.string(),
  opened_on: dateOrNull,
  closed_on: dateOrNull,
};

/** A location of a facility (profileViews.ts locationView). */
export const locationView = z.strictObject({
  id: z.uuid(),
  facility_id: z.uuid(),
  name: z.string(),
  ...site,
});
export type LocationView = z.infer<typeof locationView>;

/** A facility with its locations (profileViews.ts facilityView). */
export const facilityView = z.strictObject({
  id: z.uuid(),
  npi: z.string(),
  name: z.string(),
  ...site,
  billing_address: z.string(),
  billing_locale: z.string(),
  billing_locale_zip: z.string(),
  billing_full_address: z.string(),
  locations: z.array(locationView),
});
export type FacilityView = z.infer<typeof facilityView>;

const yesNo = z.enum(["Yes", "No"]);

/** A provider (profileViews.ts providerView). */
export const providerView = z.strictObject({
  id: z.uuid(),
  npi: z.string(),
  full_name: z.string(),
  last_name: z.string(),
  first_name: z.string(),
  middle_name: z.string(),
  suffix: z.string(),
  age: z.string().meta({ description: "The age as the form's text: '' when unknown." }),
  phone: z.string(),
  fax: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  zipcode: z.string(),
  full_address: z.string(),
  date_joined: dateOrNull,
  date_retire: dateOrNull,
  clinical_certification: z.string(),
  category: z.string(),
  ptype: z.string(),
  speciality: z.array(z.string()),
  speciality_textbox: z.string(),
  abos_fellowship_trained: z.string(),
  shareholder: yesNo,
  employed_by_practice: yesNo,
  fte_status: z.string(),
  name_work_at: z.array(z.string()),
});
export type ProviderView = z.infer<typeof providerView>;

export const setupStepKey = z.enum([
  "facilities",
  "providers",
  "data-upload",
  "data-review",
  "questionnaire",
  "questionnaire-review",
]);
export type SetupStepKey = z.infer<typeof setupStepKey>;

/** The Home setup checklist, decided on the server (server/organisations/setup.ts). */
export const setupView = z.strictObject({
  steps: z.array(
    z.strictObject({
      key: setupStepKey,
      label: z.string(),
      description: z.string(),
      done: z.boolean(),
      waiting: z.string().nullable().meta({
        description:
          "Not done and Vitality's to take: what the customer waits for (null: the customer's step).",
      }),
    }),
  ),
  done: z.number().int(),
  total: z.number().int(),
  next: setupStepKey.nullable(),
  waiting: z
    .string()
    .nullable()
    .meta({ description: "The next step's waiting words when it is Vitality's turn (else null)." }),
});
export type SetupView = z.infer<typeof setupView>;

/** The years of an organisation in the three senses the screens use (present.ts yearLists). */
export const yearListsShape = {
  years: z.array(year).meta({ description: "Years enabled for the customer by staff." }),
  available_years: z.array(year).meta({ description: "Years whose data upload was accepted." }),
  replaced_years: z.array(year).meta({
    description:
      "Years whose reviewed data the customer replaced: back in review until staff enable them again.",
  }),
  pending_years: z.array(year).meta({ description: "Years staff asked for that still lack data." }),
  held_years: z.array(year).meta({
    description:
      "Replaced years whose analyses customers keep reading at the version staff enabled, until staff enable the newer data.",
  }),
};

/** The organisation as the customer area reads it (present.ts organisationView). */
export const organisationView = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  address: z.string(),
  locale: z.string(),
  locale_zip: z.string(),
  full_address: z.string(),
  phone_1: z.string(),
  phone_2: z.string(),
  fax: z.string(),
  logo: z.string().nullable(),
  initialized: z.boolean(),
  agreement_accepted: z.boolean(),
  users: z.array(customerUser),
  profile_changed_at: z.string().nullable(),
  facilities: z.array(facilityView),
  providers: z.array(providerView),
  ...yearListsShape,
  setup: setupView,
});
export type Organization = z.infer<typeof organisationView>;

/** The profile of the session check: the user's own, or a staff member's in dummy mode. */
export const customerProfile = z.union([
  customerUser.extend({ notifications: z.array(liveItem), background_tasks: z.array(liveItem) }),
  z.strictObject({
    username: z.string(),
    email: z.string(),
    is_staff: z.literal(false),
    channel_id: z.string(),
    notifications: z.array(liveItem),
    background_tasks: z.array(liveItem),
  }),
]);
export type CustomerProfile = z.infer<typeof customerProfile>;

/** The forms of the screens, defined on the server (server/forms/index.ts formDefinitions). */
export const formDefinitionsAnswer = z
  .record(z.string(), z.unknown())
  .meta({ description: "Each form's fields, labels and rules, by form name (server/forms)." });

/** GET /api/management/customer/detail/. */
export const customerDetailAnswer = z.strictObject({
  status: ok,
  profile: customerProfile,
  kind: z.literal("client"),
  logged: z.literal(true),
  dummy: z.boolean().meta({ description: "True when staff view the organisation (read-only)." }),
  organization: organisationView,
  file_upload_path: z.string(),
  forms: formDefinitionsAnswer,
});
export type CustomerDetail = z.infer<typeof customerDetailAnswer>;

/** POST/PATCH/DELETE /api/management/customer/detail/. */
export const userAnswer = z.strictObject({ status: ok, user: customerUser });

export const facilityAnswer = z.strictObject({ status: ok, facility: facilityView });
export const facilitiesAnswer = z.strictObject({ status: ok, facilities: z.array(facilityView) });
export const locationAnswer = z.strictObject({ status: ok, location: locationView });
export const locationsAnswer = z.strictObject({ status: ok, locations: z.array(locationView) });
export const providerAnswer = z.strictObject({ status: ok, provider: providerView });
export const providersAnswer = z.strictObject({ status: ok, providers: z.array(providerView) });

/** GET /api/services/auth/signin/{token}: the session, also set as a cookie. */
export const customerSigninAnswer = z.strictObject({
  status: ok,
  token: z.string().meta({ description: "The session token (also set as the session cookie)." }),
  max_age: z.number().int().meta({ description: "Seconds the session lasts." }),
});

/** POST /api/management/customer/update/: the user after the change. */
export const ownProfileAnswer = z.strictObject({ status: ok, user: customerUser });
/** The 403 of that call when the account was blocked meanwhile. */
export const blockedAnswer = z.strictObject({
  status: z.literal(403),
  code: errorCodeOf("account_blocked"),
  detail: z.string(),
  user: z.strictObject({ blocked: z.literal(true) }),
});
export const logoAnswer = z.strictObject({
  status: ok,
  logo: z.string().meta({ description: "The logo's URL." }),
});
export const agreementAnswer = z.strictObject({ status: ok, agreement_accepted: z.literal(true) });
/** The organisation as the customer area reads it (the dummy mode, the back office's changes). */
export const organisationAnswer = z.strictObject({ status: ok, organization: organisationView });
