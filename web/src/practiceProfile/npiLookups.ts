import { lookUpNpi } from "../api/onboarding.ts";
import type { FieldLookup } from "../forms/FormModal.tsx";

/**
 * The NPI look-ups of the facility and provider forms (admin-area.md section 5): a record found
 * fills the form's fields; nothing found answers 404 with the spec's message on the npi field,
 * which the form shows there (the user may still add the entity by hand).
 */

/** An organisation's record as the facility form's fields. */
export function facilityValuesOf(data: Record<string, unknown>): Record<string, unknown> {
  return {
    npi: data.npi,
    name: data.name,
    physical_address: data.address,
    physical_locale: data.city_state,
    physical_locale_zip: data.zipcode,
  };
}

export const facilityLookup: FieldLookup = {
  field: "npi",
  label: "Look up the NPI",
  run: async (npi) => facilityValuesOf((await lookUpNpi("organization", npi)).data),
};

/** An individual's record already carries the provider form's field names. */
export const providerLookup: FieldLookup = {
  field: "npi",
  label: "Look up the NPI",
  run: async (npi) => (await lookUpNpi("individual", npi)).data,
};
