/**
 * The rules of the practice profile's forms (facility, location, provider), built from their field
 * definitions (facility.ts, provider.ts) plus the rules between fields the specs give
 * (customer-area.md section 5, admin-area.md section 5). The calls of server/routes/customer/ parse
 * with them; the web may import them too (pure: no database, no geography). The checks that need the
 * database or the zip reference (the zip belongs to the city, NPI unique in the organisation,
 * name_work_at names a site) live with the calls (server/organisations/profileChecks.ts).
 */
import { z } from "zod";
import { facilityForm, locationForm, OTHER_DIAGNOSTICS } from "./facility.ts";
import {
  commaList,
  dateRule,
  fieldIssue,
  fieldOf,
  multipleChoiceRule,
  selectRule,
  textRule,
  wholeNumberRule,
} from "./fieldRules.ts";
import { providerForm, providerTypesByCategory, specialitiesByCategory } from "./provider.ts";
import type { FormDefinition } from "./types.ts";

/** Blank opened_on / date_joined mean "since 2000 or earlier" (admin-area.md section 9). */
export const OPEN_SINCE = "2000-01-01";
/** The speciality choice that makes speciality_textbox meaningful. */
export const OTHER_SPECIALITY = "Other";

/** Every field of a form at its blank (or declared default) value: what a POST starts from. */
export function blankValues(form: FormDefinition): Record<string, unknown> {
  return Object.fromEntries(
    form.fields.map((field) => [
      field.name,
      field.default ?? (field.type === "multiple_choice" ? [] : field.type === "date" ? null : ""),
    ]),
  );
}

export const fieldNames = (form: FormDefinition) => new Set(form.fields.map((field) => field.name));

const text = (form: FormDefinition, name: string) => textRule(fieldOf(form, name));

const siteShape = (form: FormDefinition) => ({
  name: text(form, "name"),
  physical_address: text(form, "physical_address"),
  physical_locale: text(form, "physical_locale"),
  physical_locale_zip: text(form, "physical_locale_zip"),
  site_of_care_codes_billed: multipleChoiceRule(fieldOf(form, "site_of_care_codes_billed")),
  services_provided: multipleChoiceRule(fieldOf(form, "services_provided")),
  services_provided_textbox: text(form, "services_provided_textbox"),
  opened_on: dateRule(fieldOf(form, "opened_on")),
  closed_on: dateRule(fieldOf(form, "closed_on")),
});

interface SiteValues {
  services_provided: string[];
  services_provided_textbox: string;
  opened_on: string | null;
  closed_on: string | null;
}

/** 'Other Diagnostics' keeps its comma-separated list; without it the list means nothing and is cleared. */
function siteRules<Values extends SiteValues>(values: Values, context: z.RefinementCtx): Values {
  const closedBeforeOpening =
    values.closed_on !== null && values.closed_on < (values.opened_on ?? OPEN_SINCE);
  if (closedBeforeOpening) {
    fieldIssue(
      context,
      "closed_on",
      values.opened_on
        ? `must be on or after the opening date (${values.opened_on})`
        : `must be on or after ${OPEN_SINCE} (a blank opening date means open since 2000)`,
    );
  }
  const other = values.services_provided.includes(OTHER_DIAGNOSTICS);
  return { ...values, services_provided_textbox: other ? commaList(values.services_provided_textbox) : "" };
}

export const facilityFields = z
  .strictObject({
    npi: text(facilityForm, "npi"),
    ...siteShape(facilityForm),
    billing_address: text(facilityForm, "billing_address"),
    billing_locale: text(facilityForm, "billing_locale"),
    billing_locale_zip: text(facilityForm, "billing_locale_zip"),
  })
  .transform(siteRules);
export type FacilityFields = z.infer<typeof facilityFields>;

export const locationFields = z.strictObject(siteShape(locationForm)).transform(siteRules);
export type LocationFields = z.infer<typeof locationFields>;

const provider = (name: string) => fieldOf(providerForm, name);
type Category = keyof typeof providerTypesByCategory;
const valuesOf = (choices: { value: string }[] | undefined) => (choices ?? []).map((choice) => choice.value);

export const providerFields = z
  .strictObject({
    npi: textRule(provider("npi")),
    last_name: textRule(provider("last_name")),
    first_name: textRule(provider("first_name")),
    middle_name: textRule(provider("middle_name")),
    suffix: textRule(provider("suffix")),
    age: wholeNumberRule(provider("age")),
    phone: textRule(provider("phone")),
    fax: textRule(provider("fax")),
    address1: textRule(provider("address1")),
    address2: textRule(provider("address2")),
    city: textRule(provider("city")),
    zipcode: textRule(provider("zipcode")),
    date_joined: dateRule(provider("date_joined")),
    date_retire: dateRule(provider("date_retire")),
    clinical_certification: selectRule(provider("clinical_certification")),
    category: selectRule(provider("category")),
    ptype: selectRule(provider("ptype")),
    speciality: multipleChoiceRule(provider("speciality")),
    speciality_textbox: textRule(provider("speciality_textbox")),
    abos_fellowship_trained: selectRule(provider("abos_fellowship_trained")),
    shareholder: selectRule(provider("shareholder")),
    employed_by_practice: selectRule(provider("employed_by_practice")),
    fte_status: selectRule(provider("fte_status")),
    name_work_at: multipleChoiceRule(provider("name_work_at")),
  })
  .transform((values, context) => {
    // The category decides which types and specialities exist (the form clears them when it changes).
    const category = values.category as Category;
    const types = valuesOf(providerTypesByCategory[category]);
    const specialities = valuesOf(specialitiesByCategory[category]);
    if (values.category !== "" && values.ptype !== "" && !types.includes(values.ptype)) {
      fieldIssue(context, "ptype", `must be one of the ${values.category} types: ${types.join(", ")}`);
    }
    const foreign = values.speciality.filter((speciality) => !specialities.includes(speciality));
    if (values.category !== "" && foreign.length > 0) {
      fieldIssue(
        context,
        "speciality",
        `${foreign.join(", ")}: not a ${values.category} speciality (choose among ${specialities.join(", ")})`,
      );
    }
    const retiredBeforeJoining =
      values.date_retire !== null && values.date_retire < (values.date_joined ?? OPEN_SINCE);
    if (retiredBeforeJoining) {
      fieldIssue(
        context,
        "date_retire",
        values.date_joined
          ? `must be on or after the date joined (${values.date_joined})`
          : `must be on or after ${OPEN_SINCE} (a blank date joined means 2000 or earlier)`,
      );
    }
    const other = values.speciality.includes(OTHER_SPECIALITY);
    return {
      ...values,
      speciality_textbox: other ? commaList(values.speciality_textbox) : "",
      full_name: fullName(values),
    };
  });
export type ProviderFields = z.infer<typeof providerFields>;

/** "First Middle Last Suffix", as the registry and the demo fixture write a provider's name. */
export function fullName(values: {
  first_name: string;
  middle_name: string;
  last_name: string;
  suffix: string;
}) {
  return [values.first_name, values.middle_name, values.last_name, values.suffix]
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .join(" ");
}
