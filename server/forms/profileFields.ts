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
import type { FieldDefinition, FormDefinition } from "./types.ts";

/** Blank opened_on / date_joined mean "since 2000 or earlier" (admin-area.md section 9). */
export const OPEN_SINCE = "2000-01-01";
/** The speciality choice that makes speciality_textbox meaningful. */
export const OTHER_SPECIALITY = "Other";

/**
 * A field as a call sends it: a required field must be sent (left out, it is refused with the
 * field's message); another left out takes its blank value, or its declared default (shareholder
 * "No"). The OpenAPI document reads the same schema, so its `required` list is the form's.
 */
function asSent<Value, Input>(
  field: FieldDefinition,
  rule: z.ZodType<Value, Input>,
  blank: Exclude<Value, undefined>,
) {
  return field.required ? rule : rule.default((field.default as Exclude<Value, undefined>) ?? blank);
}

export const fieldNames = (form: FormDefinition) => new Set(form.fields.map((field) => field.name));

/** A rule of the form's field by name, as a call sends it (asSent). */
const sentAs =
  <Value, Input>(
    rule: (field: FieldDefinition) => z.ZodType<Value, Input>,
    blank: Exclude<Value, undefined>,
  ) =>
  (form: FormDefinition, name: string) => {
    const field = fieldOf(form, name);
    return asSent(field, rule(field), blank);
  };
const text = sentAs(textRule, "");
const date = sentAs(dateRule, null);
const select = sentAs(selectRule, "");
const multipleChoice = sentAs(multipleChoiceRule, [] as string[]);
const wholeNumber = sentAs(wholeNumberRule, null);

const siteShape = (form: FormDefinition) => ({
  name: text(form, "name"),
  physical_address: text(form, "physical_address"),
  physical_locale: text(form, "physical_locale"),
  physical_locale_zip: text(form, "physical_locale_zip"),
  site_of_care_codes_billed: multipleChoice(form, "site_of_care_codes_billed"),
  services_provided: multipleChoice(form, "services_provided"),
  services_provided_textbox: text(form, "services_provided_textbox"),
  opened_on: date(form, "opened_on"),
  closed_on: date(form, "closed_on"),
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

type Category = keyof typeof providerTypesByCategory;
const valuesOf = (choices: { value: string }[] | undefined) => (choices ?? []).map((choice) => choice.value);

export const providerFields = z
  .strictObject({
    npi: text(providerForm, "npi"),
    last_name: text(providerForm, "last_name"),
    first_name: text(providerForm, "first_name"),
    middle_name: text(providerForm, "middle_name"),
    suffix: text(providerForm, "suffix"),
    age: wholeNumber(providerForm, "age"),
    phone: text(providerForm, "phone"),
    fax: text(providerForm, "fax"),
    address1: text(providerForm, "address1"),
    address2: text(providerForm, "address2"),
    city: text(providerForm, "city"),
    zipcode: text(providerForm, "zipcode"),
    date_joined: date(providerForm, "date_joined"),
    date_retire: date(providerForm, "date_retire"),
    clinical_certification: select(providerForm, "clinical_certification"),
    category: select(providerForm, "category"),
    ptype: select(providerForm, "ptype"),
    speciality: multipleChoice(providerForm, "speciality"),
    speciality_textbox: text(providerForm, "speciality_textbox"),
    abos_fellowship_trained: select(providerForm, "abos_fellowship_trained"),
    shareholder: select(providerForm, "shareholder"),
    employed_by_practice: select(providerForm, "employed_by_practice"),
    fte_status: select(providerForm, "fte_status"),
    name_work_at: multipleChoice(providerForm, "name_work_at"),
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
