import type { AgreementAnswer } from "./answers.ts";
import { apiRequest } from "./client.ts";
import type { AgreementBody } from "./requests.ts";

/** Records that the organisation accepted the end user licence agreement. */
export function acceptAgreement(organizationId: string) {
  return apiRequest<AgreementAnswer, AgreementBody>("/api/management/customer/agreement/", {
    method: "POST",
    body: { organization: organizationId },
  });
}
