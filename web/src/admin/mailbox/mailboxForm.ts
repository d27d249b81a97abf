import { mailboxSendSchema } from "../../../../server/forms/mailbox.ts";
import type { OrganisationUsers } from "../../api/mailbox.ts";

/** The mailbox notice (success or error box) shows this long (admin-area.md section 9). */
export const MAILBOX_NOTICE_MS = 5000;

export interface MailboxValues {
  email_from: string;
  user_ids: string[];
  subject: string;
  message: string;
}

export const emptyMail: MailboxValues = { email_from: "", user_ids: [], subject: "", message: "" };

/** Send is enabled once sender, recipients, subject and message hold the call's own rules. */
export const canSend = (values: MailboxValues) => mailboxSendSchema.safeParse(values).success;

/**
 * The recipients picker's options, grouped by organisation: the listed organisations' users, plus
 * the users already chosen from other organisations (so a narrower list never hides a choice).
 */
export function recipientOptions(
  listed: OrganisationUsers[],
  everyone: OrganisationUsers[],
  chosen: string[],
): { group: string; items: { value: string; label: string }[] }[] {
  const chosenIds = new Set(chosen);
  const listedIds = new Set(listed.map((organisation) => organisation.id));
  const groups = [
    ...listed,
    ...everyone
      .filter((organisation) => !listedIds.has(organisation.id))
      .map((organisation) => ({
        ...organisation,
        users: organisation.users.filter((user) => chosenIds.has(user.id)),
      })),
  ];
  return groups
    .filter((organisation) => organisation.users.length > 0)
    .map((organisation) => ({
      // Two organisations may share a name; the group label must stay unique.
      group:
        groups.filter((other) => other.name === organisation.name).length > 1
          ? `${organisation.name} (${organisation.id.slice(0, 8)})`
          : organisation.name,
      items: organisation.users.map((user) => ({
        value: user.id,
        label: `${user.username} <${user.email}>`,
      })),
    }));
}
