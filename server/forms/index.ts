import { questionnaireForm } from "../../schemes/questionnaire/form.ts";
import { agentForm } from "./agent.ts";
import { facilityForm, locationForm } from "./facility.ts";
import { faqForm } from "./faq.ts";
import { notificationForm } from "./notification.ts";
import { organizationForm } from "./organization.ts";
import { pictureRules } from "./picture.ts";
import { providerForm } from "./provider.ts";
import { userForm } from "./user.ts";

export type { FieldDefinition, FormDefinition } from "./types.ts";

/**
 * Form definitions delivered at sign-in (customer and admin detail): the web app renders its forms
 * from these, so choices and rules live in one place, on the server that enforces them.
 */
export function formDefinitions() {
  return {
    user: userForm,
    facility: { form: facilityForm, location: locationForm },
    provider: { form: providerForm },
    organization: organizationForm,
    notification: notificationForm,
    faq: faqForm,
    picture: pictureRules,
    agent: agentForm,
    questionnaire: questionnaireForm,
  };
}
