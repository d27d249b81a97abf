import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { mailboxOrganisationsSchema, mailboxSendSchema } from "../forms/mailbox.ts";
import {
  mailboxListAnswer,
  mailSentAnswer,
  orgUsersAnswer,
  orgUsersPageAnswer,
} from "../http/answers/services.ts";
import { parseParam, readJson, readQuery } from "../http/body.ts";
import { HttpError, invalidToken, notFound } from "../http/errors.ts";
import { customMailBodyExample, mailboxUsersBodyExample } from "../http/examples/requestBodies.ts";
import { mailSentExample, orgUsersExample } from "../http/examples/services.ts";
import { requireStaff } from "../http/middleware/guards.ts";
import { describe } from "../http/openapi/declare.ts";
import { pageQuery } from "../http/pagination.ts";
import { notify } from "../live/notify.ts";
import { MAILBOX_PAGE, mailableUsers, organisationUsers, organisationUsersPage } from "../mail/recipients.ts";
import { findOrganisation } from "../organisations/present.ts";

const mailboxParam = z.uuid({ message: "must be an organisation id (UUID)" });

const mailboxPage = pageQuery(MAILBOX_PAGE);

const mailboxSenderExample = {
  value: "Vitality Support <support@vitality.local>",
  name: "Vitality Support",
  address: "support@vitality.local",
};

const senderChoices = (c: { var: AppEnv["Variables"] }) =>
  c.var.app.config.mailboxSenders.map(({ value, name, address }) => ({ value, name, address }));

/**
 * The staff mailbox (admin-area.md sections 2 and 7), site admins only: agents and customers are
 * refused every call.
 * - GET get/: every organisation with its users (org_users), and the four sender choices.
 * - GET get/{mailbox}/: one organisation's users; {mailbox} is the organisation's id.
 * - POST get-user/ {organization_ids}: the users of these organisations (the screen's 'Add all').
 * - POST send/custom/ {email_from, user_ids, subject, message}: one mail per recipient, each
 *   written to the mail log, and a notification to each recipient's bell.
 */
export const mailboxRoutes = new Hono<AppEnv>()
  .use(requireStaff({ siteAdmin: true }))
  .get(
    "/get",
    describe({
      summary:
        "The organisations with their users, for choosing recipients (site admins only), a page of users at a time.",
      description:
        "Organisations by name, users by e-mail; blocked users are left out. A page holds `limit` users grouped by organisation: an organisation whose users run on to the next page appears on both, with the same id.",
      tags: ["Back office: mailbox"],
      query: mailboxPage,
      answer: {
        description: "A page of the organisations' users, the next page's cursor, and the sender choices.",
        schema: mailboxListAnswer,
        example: { ...orgUsersExample, next_cursor: null, senders: [mailboxSenderExample] },
      },
    }),
    async (c) => {
      const page = readQuery(c, mailboxPage);
      return c.json({
        status: 200,
        ...(await organisationUsersPage(c.var.app.database.db, {}, page)),
        senders: senderChoices(c),
      });
    },
  )
  .get(
    "/get/:mailbox",
    describe({
      summary: "One organisation's users, for choosing recipients, a page at a time.",
      tags: ["Back office: mailbox"],
      query: mailboxPage,
      answer: {
        description: "The organisation with a page of its users (by e-mail), and the next page's cursor.",
        schema: orgUsersPageAnswer,
        example: { ...orgUsersExample, next_cursor: null },
      },
    }),
    async (c) => {
      const organisationId = parseParam(mailboxParam, c.req.param("mailbox"), "mailbox");
      const page = readQuery(c, mailboxPage);
      const { db } = c.var.app.database;
      if (!(await findOrganisation(db, organisationId))) throw notFound("Organisation not found.");
      return c.json({
        status: 200,
        ...(await organisationUsersPage(db, { organisationIds: [organisationId] }, page)),
      });
    },
  )
  .post(
    "/get-user",
    describe({
      summary: "The users of the organisations named.",
      tags: ["Back office: mailbox"],
      body: mailboxOrganisationsSchema,
      bodyExample: mailboxUsersBodyExample,
      answer: {
        description: "The organisations named, with their users.",
        schema: orgUsersAnswer,
        example: orgUsersExample,
      },
    }),
    async (c) => {
      const { organization_ids } = await readJson(c, mailboxOrganisationsSchema);
      const org_users = await organisationUsers(c.var.app.database.db, { organisationIds: organization_ids });
      return c.json({ status: 200, org_users });
    },
  )
  .post(
    "/send/custom",
    describe({
      idempotent: true,
      summary: "Send an e-mail to the chosen users (queued).",
      tags: ["Back office: mailbox"],
      body: mailboxSendSchema,
      bodyExample: customMailBodyExample,
      answer: {
        description: "How many recipients the e-mail was sent to.",
        schema: mailSentAnswer,
        example: mailSentExample,
      },
      refusals: { 502: "The mail server refused some recipients: `detail` names them." },
    }),
    async (c) => {
      const mail = await readJson(c, mailboxSendSchema);
      const session = c.var.session;
      if (session?.kind !== "admin") throw invalidToken();
      const app = c.var.app;
      const sender = app.config.mailboxSenders.find(
        (choice) => choice.value === mail.email_from || choice.address === mail.email_from.toLowerCase(),
      );
      if (!sender) {
        const message = "Choose one of the mailbox's senders";
        throw new HttpError(400, `email_from: ${message}`, [{ field: "email_from", message }]);
      }
      const wanted = [...new Set(mail.user_ids)];
      const recipients = await mailableUsers(app.database.db, wanted);
      if (recipients.length !== wanted.length) {
        const message = "Some recipients are not users who can receive mail (unknown or blocked)";
        throw new HttpError(400, `user_ids: ${message}`, [{ field: "user_ids", message }]);
      }

      const failed: string[] = [];
      for (const recipient of recipients) {
        try {
          await app.mailer.send({
            kind: "mailbox",
            from: { name: sender.name, address: sender.address },
            to: [recipient.email],
            subject: mail.subject,
            text: mail.message,
            log: { sentByStaffId: session.staff.id, customerUserId: recipient.id },
          });
        } catch (error) {
          // The mail log keeps the transport's error; the user is told which addresses failed.
          app.logger.error("mailbox mail not sent", { to: recipient.email, error: String(error) });
          failed.push(recipient.email);
          continue;
        }
        await notify(
          app,
          { customerUserIds: [recipient.id] },
          {
            message: `New e-mail from ${sender.name}: ${mail.subject}`,
            organisationId: recipient.organisationId,
          },
        );
      }
      const sent = recipients.length - failed.length;
      if (failed.length > 0) {
        throw new HttpError(
          502,
          `The e-mail could not be sent to ${failed.join(", ")}${sent > 0 ? `; it was sent to the ${sent} other recipient${sent === 1 ? "" : "s"}` : ""}. Please try again later.`,
        );
      }
      return c.json({
        status: 200,
        message: `Your e-mail was sent to ${sent} recipient${sent === 1 ? "" : "s"}.`,
      });
    },
  );
