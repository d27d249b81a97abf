import type {
  MailboxListAnswer,
  MailboxSender,
  MailSentAnswer,
  OrganisationUsers,
  OrgUsersAnswer,
  OrgUsersPageAnswer,
} from "./answers.ts";
import { apiRequest } from "./client.ts";
import { pagePath } from "./pages.ts";
import type { MailboxSendBody, MailboxUsersBody } from "./requests.ts";

/** The Mailbox screen's calls (admin-area.md section 7: /api/services/email/...). */

const EMAIL = "/api/services/email";

export type { MailboxSender, OrganisationUsers };

/** GET get/: a page of the organisations' users (pages.ts), and the four sender choices. */
export function fetchMailbox(cursor?: string) {
  return apiRequest<MailboxListAnswer>(pagePath(`${EMAIL}/get/`, cursor));
}

/** GET get/{organisation id}/: a page of one organisation's users. */
export function fetchOrganisationUsers(organisationId: string, cursor?: string) {
  return apiRequest<OrgUsersPageAnswer>(
    pagePath(`${EMAIL}/get/${encodeURIComponent(organisationId)}/`, cursor),
  );
}

/**
 * The pages read so far as one list of organisations: one whose users ran on to the next page
 * comes on both (same id), and its users are joined.
 */
export function mergedGroups(
  pages: Pick<OrgUsersPageAnswer, "org_users">[] | undefined,
): OrganisationUsers[] {
  const groups = new Map<string, OrganisationUsers>();
  for (const group of (pages ?? []).flatMap((page) => page.org_users)) {
    const seen = groups.get(group.id);
    groups.set(group.id, seen ? { ...seen, users: [...seen.users, ...group.users] } : group);
  }
  return [...groups.values()];
}

/** POST get-user/ {organization_ids}: the users of these organisations. */
export function fetchUsersOf(organisationIds: string[]) {
  return apiRequest<OrgUsersAnswer, MailboxUsersBody>(`${EMAIL}/get-user/`, {
    method: "POST",
    body: { organization_ids: organisationIds },
  });
}

/** POST send/custom/: one mail per recipient; answers the server's message. */
export function sendMailboxMail(mail: MailboxSendBody) {
  return apiRequest<MailSentAnswer, MailboxSendBody>(`${EMAIL}/send/custom/`, {
    method: "POST",
    body: mail,
  });
}
