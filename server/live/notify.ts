import { and, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { customerUsers } from "../db/schema/index.ts";
import { pushToRecipient, type Recipient } from "./notifications.ts";

/**
 * Whom a notification is for. Organisation audiences are resolved when it is sent, to the users the
 * organisation has then (blocked users excluded: they cannot read it); a user named twice gets it
 * once.
 */
export interface Audience {
  /** Every user of this organisation. */
  organisation?: string;
  /** The admins (is_staff) of this organisation. */
  organisationAdmins?: string;
  customerUserIds?: (string | undefined)[];
  staffAccountIds?: (string | undefined)[];
}

export interface Notice {
  message: string;
  /** Styles the toast: info, success, warning, error (web/src/live/toastStyle.ts). */
  status?: "info" | "success" | "warning" | "error";
  /** The organisation it is about (the live message's `org`). */
  organisationId?: string;
}

async function recipientsOf(context: AppContext, audience: Audience): Promise<Recipient[]> {
  const { db } = context.database;
  const users = new Set(audience.customerUserIds?.filter((id): id is string => Boolean(id)));
  const organisationFilters = [
    audience.organisation ? eq(customerUsers.organisationId, audience.organisation) : undefined,
    audience.organisationAdmins
      ? and(eq(customerUsers.organisationId, audience.organisationAdmins), eq(customerUsers.isStaff, true))
      : undefined,
  ].filter((filter) => filter !== undefined);
  for (const filter of organisationFilters) {
    const rows = await db
      .select({ id: customerUsers.id })
      .from(customerUsers)
      .where(and(filter, eq(customerUsers.blocked, false)));
    for (const row of rows) users.add(row.id);
  }
  // Named users must exist and not be blocked either.
  const named = [...users];
  const open =
    named.length === 0
      ? []
      : await db
          .select({ id: customerUsers.id })
          .from(customerUsers)
          .where(and(inArray(customerUsers.id, named), eq(customerUsers.blocked, false)));
  const staff = new Set(audience.staffAccountIds?.filter((id): id is string => Boolean(id)));
  return [
    ...open.map((row) => ({ customerUserId: row.id })),
    ...[...staff].map((id) => ({ staffAccountId: id })),
  ];
}

/**
 * Tells an audience about something that happened to them: one stored notification per recipient
 * (kept until deleted, so the bell lists it after a reload) pushed on their live channel. The
 * action it reports has already happened, so a failure here is logged, never thrown at the caller.
 * Answers how many recipients it reached.
 */
export async function notify(context: AppContext, audience: Audience, notice: Notice): Promise<number> {
  try {
    const recipients = await recipientsOf(context, audience);
    for (const recipient of recipients) {
      await pushToRecipient(context, recipient, {
        type: "notification",
        message: notice.message,
        status: notice.status ?? "info",
        organisationId: notice.organisationId ?? audience.organisation ?? audience.organisationAdmins,
      });
    }
    return recipients.length;
  } catch (error) {
    context.logger.error("notification not sent", { message: notice.message, error: String(error) });
    return 0;
  }
}
