/**
 * Report subscriptions as stored and as the screens show them: the request bodies (zod), the
 * answer's shape, the rules of who may be a recipient, and when the next delivery is queued.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../context.ts";
import type { Db } from "../db/client.ts";
import {
  customerUsers,
  organisationYears,
  reportRecipients,
  reportSubscriptions,
  savedQueries,
} from "../db/schema/index.ts";
import { ANALYSIS_NAME } from "../engine/catalogue.ts";
import { requestFilters } from "../engine/filters.ts";
import { REQUIRED_MESSAGE, textFieldError } from "../forms/formatWords.ts";
import { singleLine } from "../forms/singleLine.ts";
import { NAME_MAX } from "../forms/textLimits.ts";
import { type SubscriptionView, subscriptionView } from "../http/answers/reports.ts";
import { HttpError } from "../http/errors.ts";
import { keyset, type PageRequest, pageOf } from "../http/pagination.ts";
import { readableByCustomers } from "../organisations/readableYears.ts";
import { isTimeZone, nextDelivery, scheduleInWords } from "./schedule.ts";

export type SubscriptionRow = typeof reportSubscriptions.$inferSelect;
export const REPORT_JOB = "report.deliver";
export const TITLE_MAX = 100;

const scheduleFields = {
  title: singleLine(
    z
      .string({ error: textFieldError(REQUIRED_MESSAGE) })
      .trim()
      .min(1, "Please fill out this field")
      .max(TITLE_MAX, `must be at most ${TITLE_MAX} characters`),
  ),
  filters: requestFilters,
  follow_latest_year: z.boolean({ error: "must be true or false" }),
  frequency: z.enum(["weekly", "monthly"], { error: "must be weekly or monthly" }),
  weekday: z
    .number({ error: "must be a weekday from 0 (Sunday) to 6 (Saturday)" })
    .int("must be a weekday from 0 (Sunday) to 6 (Saturday)")
    .min(0, "must be a weekday from 0 (Sunday) to 6 (Saturday)")
    .max(6, "must be a weekday from 0 (Sunday) to 6 (Saturday)")
    .nullable(),
  month_day: z
    .number({ error: "must be a day of the month from 1 to 28" })
    .int("must be a day of the month from 1 to 28")
    .min(1, "must be a day of the month from 1 to 28")
    .max(28, "must be a day of the month from 1 to 28")
    .nullable(),
  hour: z
    .number({ error: "must be an hour from 0 to 23" })
    .int("must be an hour from 0 to 23")
    .min(0, "must be an hour from 0 to 23")
    .max(23, "must be an hour from 0 to 23"),
  time_zone: z
    .string({ error: "must be a time zone such as Europe/Berlin" })
    .max(NAME_MAX, "must be a time zone such as Europe/Berlin")
    .refine(isTimeZone, "must be a time zone such as Europe/Berlin"),
  recipients: z
    .array(z.uuid("must be a user id"), { error: "must be a list of users" })
    .min(1, "choose at least one recipient")
    .max(50, "must have at most 50 recipients"),
  include_xlsx: z.boolean({ error: "must be true or false" }),
};

type ScheduleShape = { frequency?: string; weekday?: number | null; month_day?: number | null };
/** Weekly needs its weekday, monthly its day. */
function scheduleComplete(value: ScheduleShape, context: z.RefinementCtx) {
  if (value.frequency === "weekly" && (value.weekday === null || value.weekday === undefined))
    context.addIssue({ code: "custom", path: ["weekday"], message: "choose the weekday of a weekly report" });
  if (value.frequency === "monthly" && (value.month_day === null || value.month_day === undefined))
    context.addIssue({ code: "custom", path: ["month_day"], message: "choose the day of a monthly report" });
}

export const createBody = z
  .strictObject({
    querie: z
      .string({ error: "must be an analysis name such as querie1" })
      .max(NAME_MAX, "must be an analysis name such as querie1")
      // Whether that analysis exists is the registry's answer (checkedFilters: "there is no analysis").
      .regex(ANALYSIS_NAME, "must be an analysis name such as querie1"),
    /** A saved view: its analysis and filters are used (querie must be its analysis). */
    saved_query_id: z.uuid("must be a saved view id").nullable().default(null),
    ...scheduleFields,
    filters: scheduleFields.filters.default({}),
    follow_latest_year: scheduleFields.follow_latest_year.default(false),
    weekday: scheduleFields.weekday.default(null),
    month_day: scheduleFields.month_day.default(null),
    include_xlsx: scheduleFields.include_xlsx.default(false),
  })
  .superRefine(scheduleComplete);

export const editBody = z
  .strictObject({ ...scheduleFields, paused: z.boolean({ error: "must be true or false" }) })
  .partial()
  .superRefine(scheduleComplete);

// The answer shape lives with the other answers (the web reads its type from there).
export { type SubscriptionView, subscriptionView };

export const scheduleOf = (row: SubscriptionRow) => ({
  frequency: row.frequency,
  weekday: row.weekday,
  monthDay: row.monthDay,
  hour: row.hour,
  timeZone: row.timeZone,
});

/** Subscriptions a page holds when the caller names no `limit`: what the screens show at once. */
export const SUBSCRIPTIONS_PAGE = 25;

/** Subscriptions oldest first; the id orders those made in the same microsecond. */
const subscriptionOrder = keyset([
  { column: reportSubscriptions.createdAt, type: "timestamptz" },
  { column: reportSubscriptions.id, type: "uuid" },
]);

type SubscriptionScope = { organisationId: string; ownerUserId?: string; id?: string };

function subscriptionRows(db: Db, where: SubscriptionScope, page?: PageRequest) {
  const conditions = [eq(reportSubscriptions.organisationId, where.organisationId)];
  if (where.ownerUserId) conditions.push(eq(reportSubscriptions.ownerUserId, where.ownerUserId));
  if (where.id) conditions.push(eq(reportSubscriptions.id, where.id));
  const after = subscriptionOrder.after(page?.cursor);
  if (after) conditions.push(after);
  const query = db
    .select({
      row: reportSubscriptions,
      ownerName: customerUsers.username,
      pageKey: subscriptionOrder.pageKey,
    })
    .from(reportSubscriptions)
    .innerJoin(customerUsers, eq(customerUsers.id, reportSubscriptions.ownerUserId))
    .where(and(...conditions))
    .orderBy(...subscriptionOrder.orderBy);
  return page ? query.limit(page.limit + 1) : query;
}

/** The subscriptions of an organisation (or of one owner in it) as the screens show them, oldest first. */
export async function subscriptionViews(db: Db, where: SubscriptionScope): Promise<SubscriptionView[]> {
  return viewsOf(db, await subscriptionRows(db, where));
}

/** One page of them (pagination.ts): `limit` rows after `cursor`, and the next page's cursor. */
export async function subscriptionPage(db: Db, where: SubscriptionScope, page: PageRequest) {
  const { rows, nextCursor } = pageOf(await subscriptionRows(db, where, page), page.limit);
  return { subscriptions: await viewsOf(db, rows), next_cursor: nextCursor };
}

async function viewsOf(
  db: Db,
  rows: { row: SubscriptionRow; ownerName: string }[],
): Promise<SubscriptionView[]> {
  const ids = rows.map(({ row }) => row.id);
  const recipients =
    ids.length === 0
      ? []
      : await db
          .select({ recipient: reportRecipients, user: customerUsers })
          .from(reportRecipients)
          .leftJoin(customerUsers, eq(customerUsers.id, reportRecipients.customerUserId))
          .where(inArray(reportRecipients.subscriptionId, ids))
          .orderBy(asc(reportRecipients.email));
  return rows.map(({ row, ownerName }) => {
    const views = recipients
      .filter(({ recipient }) => recipient.subscriptionId === row.id)
      .map(({ recipient, user }) => ({
        user_id: recipient.customerUserId,
        email: user?.email ?? recipient.email,
        username: user?.username ?? null,
        state: recipientState(user, row.organisationId),
      }));
    return {
      ...subscriptionFields(row, ownerName),
      ...nextDeliveryOf(row, views),
      recipients: views,
    };
  });
}

/** removed: no longer a user of the organisation; blocked: staff blocked the user. */
const recipientState = (
  user: { organisationId: string | null; blocked: boolean } | null,
  organisationId: string,
): "active" | "blocked" | "removed" =>
  !user || user.organisationId !== organisationId ? "removed" : user.blocked ? "blocked" : "active";

export const NO_RECIPIENT_LEFT =
  "None: every recipient was removed, blocked or unsubscribed. Choose other recipients to resume the deliveries.";

/**
 * The next delivery a screen shows: none while paused, and none when no recipient is left to send
 * to (every one removed, blocked or unsubscribed: then no row is left), with why; otherwise the
 * scheduled time. The delivery job still runs at that time and records it as skipped, sending nothing.
 */
export function nextDeliveryOf(
  row: { paused: boolean; nextRunAt: Date | null },
  recipients: ReadonlyArray<{ state: "active" | "blocked" | "removed" }>,
): { next_delivery_at: string | null; next_delivery_note: string | null } {
  if (row.paused) return { next_delivery_at: null, next_delivery_note: null };
  if (!recipients.some((recipient) => recipient.state === "active"))
    return { next_delivery_at: null, next_delivery_note: NO_RECIPIENT_LEFT };
  return { next_delivery_at: row.nextRunAt?.toISOString() ?? null, next_delivery_note: null };
}

function subscriptionFields(row: SubscriptionRow, ownerName: string) {
  return {
    id: row.id,
    querie: row.querie,
    saved_query_id: row.savedQueryId,
    from_saved_view: row.fromSavedView,
    title: row.title,
    filters: row.filters,
    follow_latest_year: row.followLatestYear,
    frequency: row.frequency,
    weekday: row.weekday,
    month_day: row.monthDay,
    hour: row.hour,
    time_zone: row.timeZone,
    schedule: scheduleInWords(scheduleOf(row)),
    include_xlsx: row.includeXlsx,
    paused: row.paused,
    last_delivered_at: row.lastDeliveredAt?.toISOString() ?? null,
    last_outcome: row.lastOutcome,
    last_detail: row.lastDetail,
    owner: { id: row.ownerUserId, username: ownerName },
  };
}

/** The users a subscription of this organisation may go to: its users who are not blocked. */
export async function colleaguesOf(db: Db, organisationId: string) {
  return db
    .select({ id: customerUsers.id, email: customerUsers.email, username: customerUsers.username })
    .from(customerUsers)
    .where(and(eq(customerUsers.organisationId, organisationId), eq(customerUsers.blocked, false)))
    .orderBy(asc(customerUsers.username));
}

/** The chosen recipients, each a colleague of the organisation; anyone else is refused by name of the field. */
export async function checkedRecipients(db: Db, organisationId: string, ids: string[]) {
  const colleagues = await colleaguesOf(db, organisationId);
  const known = new Map(colleagues.map((user) => [user.id, user]));
  const unique = [...new Set(ids)];
  if (unique.some((id) => !known.has(id))) {
    const message = "must be users of your organisation who are not blocked";
    throw new HttpError(400, `recipients: ${message}`, [{ field: "recipients", message }]);
  }
  return unique.map((id) => known.get(id)!);
}

/**
 * Years the customer reads analyses of, ascending: enabled by staff, or held at their enabled
 * version while newer data is reviewed (a report then delivers that version).
 */
export async function enabledYearsOf(db: Db, organisationId: string) {
  const rows = await db
    .select({ year: organisationYears.year })
    .from(organisationYears)
    .where(and(eq(organisationYears.organisationId, organisationId), readableByCustomers()));
  return rows.map((row) => row.year).sort((a, b) => a - b);
}

/** The saved view a subscription starts from: of the organisation, the caller's own or shared. */
export async function savedViewFor(db: Db, organisationId: string, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(savedQueries)
    .where(and(eq(savedQueries.id, id), eq(savedQueries.organisationId, organisationId)));
  if (!row || (!row.accessible && row.ownerUserId !== userId)) {
    const message = "is not a saved view you can see";
    throw new HttpError(404, `saved_query_id: ${message}`, [{ field: "saved_query_id", message }]);
  }
  return row;
}

export async function replaceRecipients(
  db: Db,
  subscriptionId: string,
  users: { id: string; email: string }[],
) {
  await db.delete(reportRecipients).where(eq(reportRecipients.subscriptionId, subscriptionId));
  await db
    .insert(reportRecipients)
    .values(users.map((user) => ({ subscriptionId, customerUserId: user.id, email: user.email })));
}

/**
 * Sets the next delivery time from now and queues its job (a scheduled pg-boss job keyed by the
 * subscription and that time). A job left for an older time finds the time changed and does
 * nothing; a paused subscription gets no time.
 */
export async function scheduleNext(context: AppContext, subscriptionId: string) {
  const { db } = context.database;
  const [row] = await db.select().from(reportSubscriptions).where(eq(reportSubscriptions.id, subscriptionId));
  if (!row) return;
  if (row.paused) {
    await db.update(reportSubscriptions).set({ nextRunAt: null }).where(eq(reportSubscriptions.id, row.id));
    return;
  }
  const due = nextDelivery(scheduleOf(row), context.clock.now());
  await db.update(reportSubscriptions).set({ nextRunAt: due }).where(eq(reportSubscriptions.id, row.id));
  await queueDelivery(context, row, due.toISOString(), due);
}

export const queueDelivery = (context: AppContext, row: SubscriptionRow, period: string, startAfter?: Date) =>
  context.jobs.send(
    REPORT_JOB,
    { subscriptionId: row.id, period, organisationId: row.organisationId },
    undefined,
    { startAfter },
  );

/** "Send now": a delivery of its own period, queued at once. */
export const sendNow = (context: AppContext, row: SubscriptionRow) =>
  queueDelivery(context, row, `now:${randomUUID()}`);
