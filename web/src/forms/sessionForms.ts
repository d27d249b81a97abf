import type { FormDef, FormField } from "./types.ts";

/**
 * The onboarding forms out of a session detail's `forms` (server/forms/index.ts): facility.form,
 * facility.location and provider.form. Checked for shape, so a missing definition reads as an
 * empty form rather than a crash.
 */
export interface OnboardingForms {
  facility: FormField[];
  location: FormField[];
  provider: FormField[];
}

const fieldsOf = (definition: unknown): FormField[] => {
  const fields = (definition as Partial<FormDef> | undefined)?.fields;
  return Array.isArray(fields) ? fields : [];
};

export function onboardingForms(forms: Record<string, unknown> | undefined): OnboardingForms {
  const facility = forms?.facility as { form?: unknown; location?: unknown } | undefined;
  const provider = forms?.provider as { form?: unknown } | undefined;
  return {
    facility: fieldsOf(facility?.form),
    location: fieldsOf(facility?.location),
    provider: fieldsOf(provider?.form),
  };
}

/** The organization form (server/forms/organization.ts) out of the admin detail's `forms`. */
export const organizationFields = (forms: Record<string, unknown> | undefined): FormField[] =>
  fieldsOf(forms?.organization);
