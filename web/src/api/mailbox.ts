import type { MailboxSend } from "../../../server/forms/mailbox.ts";
import type {
  MailboxListAnswer,
  MailboxSender,
  MailSentAnswer,
  OrganisationUsers,
  OrgUsersAnswer,
} from "./answers.ts";
import { apiRequest } from "./client.ts";

/** The Mailbox screen's calls (admin-area.md section 7: /api/services/email/...). */

const EMAIL = "/api/services/email";

export type { MailboxSender, OrganisationUsers };

/** GET get/: every organisation's users, and the four sender choices. */
export function fetchMailbox() {
  return apiRequest<MailboxListAnswer>(`${EMAIL}/get/`);
}

/** GET get/{organisation id}/: one organisation's users. */
export function fetchOrganisationUsers(organisationId: string) {
  return apiRequest<OrgUsersAnswer>(`${EMAIL}/get/${encodeURIComponent(organisationId)}/`);
}

/** POST get-user/ {organization_ids}: the users of these organisations. */
export function fetchUsersOf(organisationIds: string[]) {
  return apiRequest<OrgUsersAnswer>(`${EMAIL}/get-user/`, {
    method: "POST",
    body: { organization_ids: organisationIds },
  });
}

/** POST send/custom/: one mail per recipient; answers the server's message. */
export function sendMailboxMail(mail: MailboxSend) {
  return apiRequest<MailSentAnswer>(`${EMAIL}/send/custom/`, {
    method: "POST",
    body: mail,
  });
}
