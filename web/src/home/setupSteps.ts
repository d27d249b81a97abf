import type { Organization } from "../api/types.ts";

/** One line of the Home setup checklist. */
export interface SetupStep {
  key: "facilities" | "providers" | "data-upload" | "data-review" | "questionnaire" | "questionnaire-review";
  label: string;
  description: string;
  done: boolean;
}

/**
 * The six setup steps of an organisation that is not initialized yet (customer spec: Home setup
 * stepper), each derived from what the organisation already has. The questionnaire and its review
 * have no flag of their own in the detail: only initialization tells they are over.
 */
export function setupSteps(organization: Organization): SetupStep[] {
  return [
    {
      key: "facilities",
      label: "Facilities",
      description: "Add at least one facility",
      done: organization.facilities.length > 0,
    },
    {
      key: "providers",
      label: "Providers",
      description: "Add at least one provider",
      done: organization.providers.length > 0,
    },
    {
      key: "data-upload",
      label: "Data upload",
      description: "Upload the yearly data file",
      done: organization.available_years.length > 0,
    },
    {
      key: "data-review",
      label: "AHI Review",
      description: "Our team reviews your data",
      done: organization.years.length > 0,
    },
    {
      key: "questionnaire",
      label: "Questionnaire",
      description: "Answer the yearly questionnaire",
      done: organization.initialized,
    },
    {
      key: "questionnaire-review",
      label: "AHI Review",
      description: "Our team reviews your answers",
      done: organization.initialized,
    },
  ];
}
