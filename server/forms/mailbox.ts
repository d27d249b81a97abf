import { z } from "zod";
import { textFieldError } from "./formatWords.ts";
import { atMost, EMAIL_MAX } from "./textLimits.ts";

/**
 * The staff mailbox's send rules (admin-area.md sections 4 and 5: sender, recipients, subject and
 * message all required), shared by POST /api/services/email/send/custom/ (server/routes/mailbox.ts)
 * and the Mailbox screen (web/src/admin/mailbox/), which keeps Send disabled until they hold. The
 * sender must also be one of the configured choices: the call checks that against MAILBOX_SENDERS.
 */

const REQUIRED = "Please fill out this field";

/** One mail per recipient: a bound on how many one send may write. */
export const MAILBOX_MAX_RECIPIENTS = 200;
export const MAILBOX_SUBJECT_MAX = 200;
export const MAILBOX_MESSAGE_MAX = 20_000;

export const mailboxSendSchema = z.strictObject({
  email_from: z
    .string({ error: textFieldError(REQUIRED) })
    .trim()
    .min(1, REQUIRED)
    // A sender as configured: `Name <address>` or an address.
    .max(EMAIL_MAX + 200, atMost(EMAIL_MAX + 200)),
  user_ids: z
    .array(z.uuid({ message: "must be user ids" }), { message: "Choose at least one recipient" })
    .min(1, "Choose at least one recipient")
    .max(MAILBOX_MAX_RECIPIENTS, `At most ${MAILBOX_MAX_RECIPIENTS} recipients at once`),
  subject: z
    .string({ error: textFieldError(REQUIRED) })
    .trim()
    .min(1, REQUIRED)
    .max(MAILBOX_SUBJECT_MAX, `must be at most ${MAILBOX_SUBJECT_MAX} characters`)
    .regex(/^[^\r\n]*$/, "must be one line"),
  message: z
    .string({ error: textFieldError(REQUIRED) })
    .trim()
    .min(1, REQUIRED)
    .max(MAILBOX_MESSAGE_MAX, `must be at most ${MAILBOX_MESSAGE_MAX} characters`),
});

export type MailboxSend = z.output<typeof mailboxSendSchema>;
export type MailboxSendInput = z.input<typeof mailboxSendSchema>;

/** POST /api/services/email/get-user/: the users of these organisations. */
export const mailboxOrganisationsSchema = z.strictObject({
  organization_ids: z
    .array(z.uuid({ message: "must be organisation ids" }), { message: "Choose at least one organisation" })
    .min(1, "Choose at least one organisation")
    .max(500, "At most 500 organisations at once"),
});
