/**
 * Examples of the API document: a typical request body of each call that takes one (the main
 * writes keep theirs beside their route), and of each multipart form (a file by its name). tests/api/apiDocument.test.ts parses each with its
 * route's own body schema, and fails for a call with a body and no example. The ids are the
 * answer examples' (people.ts, practice.ts, years.ts), so a body and its answer tell one story.
 */
import { exampleAnswers } from "../../../schemes/questionnaire/example.ts";
import { ORGANISATION_ID, USER_ID } from "./people.ts";
import { facilityExample, locationExample, providerExample } from "./practice.ts";
import { versionsExample } from "./years.ts";

const YEAR = 2024;

// The customer area: users, the agreement, the practice profile.

export const changeUserBodyExample = { user_data: { id: USER_ID, status: "assistant" } };
export const removeUserBodyExample = { user_id: USER_ID };
export const acceptAgreementBodyExample = { organization: ORGANISATION_ID };

export const changeFacilityBodyExample = {
  facility: { id: facilityExample.id, services_provided: ["Surgery", "Injections", "X-Ray"] },
};
export const removeFacilityBodyExample = { facility: { id: facilityExample.id } };

export const addLocationBodyExample = {
  location: {
    facility_id: facilityExample.id,
    name: "Riverside Surgery Center, East Wing",
    physical_address: "120 River Road",
    physical_locale: "Springfield, IL",
    physical_locale_zip: "62701",
    site_of_care_codes_billed: ["24"],
    services_provided: ["Surgery"],
    opened_on: "2019-04-01",
  },
};
export const changeLocationBodyExample = { location: { id: locationExample.id, closed_on: "2026-06-30" } };
export const removeLocationBodyExample = { location: { id: locationExample.id } };

export const changeProviderBodyExample = {
  provider: { id: providerExample.id, fte_status: "0.75", phone: "2175550142" },
};
export const removeProviderBodyExample = { provider: { id: providerExample.id } };

export const editSubscriptionBodyExample = { frequency: "monthly", month_day: 1, weekday: null, hour: 8 };

// Look-ups while filling in the forms.

/** An NPI to look up (an organisation's or a person's): 10 digits with a valid check digit. */
export const organisationLookupBodyExample = { query: facilityExample.npi };
export const individualLookupBodyExample = { query: providerExample.npi };
export const checkLocationBodyExample = { city_state: "Springfield, IL", zipcode: "62701" };
export const citiesBodyExample = { query: "Spring" };
export const zipsOfCityBodyExample = { query: "627", other: "Springfield, IL" };

// The back office: organisations, agents, site settings, the help centre, the mailbox.

export const openDummyViewBodyExample = { org_id: ORGANISATION_ID };
export const addOrganisationBodyExample = {
  organization: {
    name: "Riverside Orthopaedics",
    address: "120 River Road",
    locale: "Springfield, IL",
    locale_zip: "62701",
    phone_1: "2175550100",
  },
};
export const changeOrganisationBodyExample = { organization: { id: ORGANISATION_ID, phone_2: "2175550199" } };
export const deleteOrganisationBodyExample = { organization: ORGANISATION_ID };

export const addAgentBodyExample = {
  username: "morganlee",
  email: "morgan.lee@vitality.local",
  password: "Blue!Harbour2026",
};
export const removeAgentBodyExample = { email: "morgan.lee@vitality.local" };

export const siteSettingsBodyExample = {
  queries: {
    [`querie${3}`]: {
      title: "Subspecialty Mix",
      description: "The share of each subspecialty in the practice's cases.",
    },
  },
};

export const changeQuestionBodyExample = { id: 1, data: { promote: false } };
export const removeQuestionBodyExample = { id: 1 };

export const mailboxUsersBodyExample = { organization_ids: [ORGANISATION_ID] };
export const customMailBodyExample = {
  email_from: "Vitality Data Team <data@vitality.local>",
  user_ids: [USER_ID],
  subject: "Your 2024 data is ready",
  message: "The analyses of 2024 are open in Vitality.",
};

// The back office: a year's lifecycle, versions, service areas.

export const requestYearBodyExample = { organization_uuid: ORGANISATION_ID, year: YEAR };
export const prelaunchYearBodyExample = { org_id: ORGANISATION_ID, year: YEAR };
export const removeYearBodyExample = { organization: ORGANISATION_ID, year: YEAR, action: "delete" };
export const restoreVersionBodyExample = {
  organization: ORGANISATION_ID,
  year: YEAR,
  version: versionsExample.versions[0]!.id,
};

export const suggestServiceAreaBodyExample = {
  organization_uuid: ORGANISATION_ID,
  year: YEAR,
  shares: { psa: 0.6, ssa: 0.85, tsa: 0.95 },
};
export const addServiceAreaBodyExample = {
  organization_uuid: ORGANISATION_ID,
  year: YEAR,
  service_area: [
    { zipcode: "62701", type: "PSA", year: YEAR },
    { zipcode: "62704", type: "SSA", year: YEAR },
  ],
};
/** The add screen's check: the pasted text, one `zipcode<TAB>type` a line. */
export const checkServiceAreaBodyExample = {
  organization_uuid: ORGANISATION_ID,
  year: YEAR,
  text: "62701\tPSA\n62704\tSSA",
};
export const removeServiceAreaBodyExample = {
  organization_uuid: ORGANISATION_ID,
  year: YEAR,
  service_area: [{ zipcode: "62704", type: "SSA", year: YEAR }],
};

// Schemes: the questionnaire, the generators, validations and scores.

export const submitQuestionnaireBodyExample = { year: YEAR, questionnaire: exampleAnswers };
export const questionnaireDraftBodyExample = {
  year: YEAR,
  step: 4,
  questionnaire: {
    ownership_ambulatory_surgical_centers: exampleAnswers.ownership_ambulatory_surgical_centers,
    ownership_stake: exampleAnswers.ownership_stake,
    own_rehab: exampleAnswers.own_rehab,
    collect_patient_satisfaction_instruments: exampleAnswers.collect_patient_satisfaction_instruments,
  },
};
export const reviewQuestionnaireBodyExample = {
  organization_uuid: ORGANISATION_ID,
  year: YEAR,
  kind: "validate",
};
export const organisationYearBodyExample = { organization_id: ORGANISATION_ID, year: YEAR };

export const generateBodyExample = (kind: "SC" | "MC" | "MP") => ({
  kind,
  organization: ORGANISATION_ID,
  year: YEAR,
});

export const markValidationValidBodyExample = {
  organization_uuid: ORGANISATION_ID,
  year: YEAR,
  type: "provider",
};
export const scoreYearBodyExample = { organization_uuid: ORGANISATION_ID, year: YEAR };

/**
 * The analyses' statistics and the scores: a customer sends no field; staff in the dummy view
 * name the organisation (`org_id`, here or in the query string).
 */
export const noFieldsBodyExample = {};

// Multipart forms: each text part as sent (a JSON part as its object), each file by its name.

export const practiceUploadFormExample = { files: ["claims_2024.csv"], years: "2024" };
export const marketUploadFormExample = { files: ["outpatient_2024.csv"], kind: "OP", year: "2024" };
export const ownProfileFormExample = { user_data: { username: "Dana Reyes" }, picture: "dana.png" };
export const logoFormExample = { image: "riverside-logo.png" };
export const staffProfileFormExample = {
  user_data: { username: "samokafor", email: "sam.okafor@vitality.local" },
  image: "sam.png",
};
