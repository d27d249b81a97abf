/**
 * /api/management/customer/report-subscription/: the signed-in user's report subscriptions (issue
 * 22). Any customer user (admin or assistant) subscribes for its own organisation; only the owner
 * reads, edits, pauses, deletes or sends one now; recipients are colleagues of the same
 * organisation. Staff in dummy mode read the organisation's list; their writes are refused by
 * dummyReadOnly() like every other write. Rules and shapes: server/reports/README.md.
 */
import { and, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import { reportSubscriptions } from "../../db/schema/index.ts";
import { filterErrors, filterRefusal } from "../../engine/filterRefusal.ts";
import { parseFilters } from "../../engine/filters.ts";
import { pluginRegistry } from "../../engine/registry.ts";
import {
  subscriptionDeletedAnswer as deletedAnswer,
  ownSubscriptionsAnswer as listAnswer,
  subscriptionAnswer as oneAnswer,
} from "../../http/answers/reports.ts";
import { parseParam, readJson, readQuery } from "../../http/body.ts";
import { fieldRefusal, forbidden, HttpError, notFound } from "../../http/errors.ts";
import { editSubscriptionBodyExample } from "../../http/examples/requestBodies.ts";
import { dummyOrgQueryField } from "../../http/middleware/dummyReadOnly.ts";
import { customerScope } from "../../http/middleware/guards.ts";
import { describe } from "../../http/openapi/declare.ts";
import { pageQuery } from "../../http/pagination.ts";
import {
  subscriptionBodyExample,
  subscriptionExample,
  subscriptionPageExample,
} from "../../reports/examples.ts";
import {
  checkedRecipients,
  colleaguesOf,
  createBody,
  editBody,
  enabledYearsOf,
  replaceRecipients,
  SUBSCRIPTIONS_PAGE,
  savedViewFor,
  scheduleNext,
  sendNow,
  subscriptionPage,
  subscriptionViews,
} from "../../reports/subscriptions.ts";

const subscriptionId = z.uuid("must be a subscription id");
const tags = ["Customer: report subscriptions"];
// Staff in the dummy view read a customer's list with ?org_id= (customerScope).
const subscriptionsPage = pageQuery(SUBSCRIPTIONS_PAGE).extend({ org_id: dummyOrgQueryField });

/** The filters as the analysis's own schema reads them; the year must be one the customer reads. */
async function checkedFilters(c: Context<AppEnv>, querie: string, raw: unknown, followLatest: boolean) {
  const plugin = (await pluginRegistry()).get(querie);
  if (!plugin) throw fieldRefusal("querie", `there is no analysis ${querie}`);
  const years = await enabledYearsOf(c.var.app.database.db, c.var.scope.organisationId);
  const parsed = parseFilters(plugin.filters, { year: years.at(-1) }, raw);
  if (!parsed.success) throw filterRefusal(filterErrors(parsed.error));
  if (!followLatest && !years.includes(parsed.data.year)) {
    const message = `${parsed.data.year} is not an enabled year (enabled: ${years.join(", ") || "none"})`;
    throw filterRefusal([{ field: "filters.year", message }]);
  }
  return { ...parsed.data } as Record<string, unknown>;
}

function customerOf(c: Context<AppEnv>) {
  const session = c.var.scope.session;
  if (session.kind !== "client")
    throw forbidden("Only the organisation's users subscribe to reports.", "staff_session");
  return session;
}

/** The caller's own subscription by id; anyone else's (or another organisation's) is not found. */
async function ownSubscription(c: Context<AppEnv>) {
  const id = parseParam(subscriptionId, c.req.param("id"), "id");
  const session = customerOf(c);
  const [row] = await c.var.app.database.db
    .select()
    .from(reportSubscriptions)
    .where(
      and(
        eq(reportSubscriptions.id, id),
        eq(reportSubscriptions.organisationId, session.organisation.id),
        eq(reportSubscriptions.ownerUserId, session.user.id),
      ),
    );
  if (!row) throw notFound("Subscription not found.");
  return row;
}

async function answerOne(c: Context<AppEnv>, id: string) {
  const [subscription] = await subscriptionViews(c.var.app.database.db, {
    organisationId: c.var.scope.organisationId,
    id,
  });
  return c.json({ status: 200 as const, subscription: subscription! });
}

export const reportSubscriptionRoutes = new Hono<AppEnv>()
  .get(
    "/",
    customerScope(),
    describe({
      summary:
        "The caller's report subscriptions (staff in dummy mode: the organisation's), a page at a time, oldest first, and the colleagues a report may go to.",
      tags,
      query: subscriptionsPage,
      answer: {
        description: "A page of the subscriptions, the next page's cursor, and the possible recipients.",
        schema: listAnswer,
        example: {
          ...subscriptionPageExample,
          colleagues: [
            { id: subscriptionExample.owner.id, email: "dana.reyes@example.com", username: "Dana Reyes" },
          ],
        },
      },
    }),
    async (c) => {
      const page = readQuery(c, subscriptionsPage);
      const { db } = c.var.app.database;
      const { organisationId, session } = c.var.scope;
      const owner = session.kind === "client" ? session.user.id : undefined;
      return c.json({
        status: 200 as const,
        ...(await subscriptionPage(db, { organisationId, ownerUserId: owner }, page)),
        colleagues: await colleaguesOf(db, organisationId),
      });
    },
  )
  .post(
    "/",
    customerScope(),
    describe({
      idempotent: true,
      summary: "Subscribe to an analysis or a saved view: a PDF mailed weekly or monthly to colleagues.",
      tags,
      body: createBody,
      bodyExample: subscriptionBodyExample,
      answer: {
        description: "The new subscription, with its next delivery.",
        schema: oneAnswer,
        example: { status: 200, subscription: subscriptionExample },
      },
    }),
    async (c) => {
      const session = customerOf(c);
      const body = await readJson(c, createBody);
      const { db } = c.var.app.database;
      const organisationId = session.organisation.id;
      const saved = body.saved_query_id
        ? await savedViewFor(db, organisationId, session.user.id, body.saved_query_id)
        : undefined;
      if (saved && saved.name !== body.querie) {
        const message = `must be the saved view's analysis (${saved.name})`;
        throw new HttpError(400, `querie: ${message}`, [{ field: "querie", message }]);
      }
      const recipients = await checkedRecipients(db, organisationId, body.recipients);
      const filters = await checkedFilters(
        c,
        body.querie,
        saved?.filters ?? body.filters,
        body.follow_latest_year,
      );
      const [row] = await db
        .insert(reportSubscriptions)
        .values({
          organisationId,
          ownerUserId: session.user.id,
          querie: body.querie,
          savedQueryId: saved?.id ?? null,
          fromSavedView: Boolean(saved),
          title: body.title,
          filters,
          followLatestYear: body.follow_latest_year,
          frequency: body.frequency,
          weekday: body.frequency === "weekly" ? body.weekday : null,
          monthDay: body.frequency === "monthly" ? body.month_day : null,
          hour: body.hour,
          timeZone: body.time_zone,
          includeXlsx: body.include_xlsx,
        })
        .returning();
      await replaceRecipients(db, row!.id, recipients);
      await scheduleNext(c.var.app, row!.id);
      return answerOne(c, row!.id);
    },
  )
  .patch(
    "/:id",
    customerScope(),
    describe({
      summary: "Edit, pause or resume one of the caller's subscriptions (the fields sent change).",
      tags,
      body: editBody,
      bodyExample: editSubscriptionBodyExample,
      answer: {
        description: "The subscription as it is now.",
        schema: oneAnswer,
        example: { status: 200, subscription: subscriptionExample },
      },
    }),
    async (c) => {
      // The body is checked first: its field errors do not depend on which subscription.
      const body = await readJson(c, editBody);
      const row = await ownSubscription(c);
      const { db } = c.var.app.database;
      const frequency = body.frequency ?? row.frequency;
      const followLatest = body.follow_latest_year ?? row.followLatestYear;
      const filters =
        body.filters !== undefined || body.follow_latest_year !== undefined
          ? await checkedFilters(c, row.querie, body.filters ?? row.filters, followLatest)
          : undefined;
      const weekday = frequency === "weekly" ? (body.weekday ?? row.weekday) : null;
      const monthDay = frequency === "monthly" ? (body.month_day ?? row.monthDay) : null;
      if (frequency === "weekly" && weekday === null) {
        const message = "choose the weekday of a weekly report";
        throw new HttpError(400, `weekday: ${message}`, [{ field: "weekday", message }]);
      }
      if (frequency === "monthly" && monthDay === null) {
        const message = "choose the day of a monthly report";
        throw new HttpError(400, `month_day: ${message}`, [{ field: "month_day", message }]);
      }
      const recipients = body.recipients
        ? await checkedRecipients(db, row.organisationId, body.recipients)
        : undefined;
      if (recipients) await replaceRecipients(db, row.id, recipients);
      await db
        .update(reportSubscriptions)
        .set({
          title: body.title,
          filters,
          followLatestYear: body.follow_latest_year,
          frequency: body.frequency,
          weekday,
          monthDay,
          hour: body.hour,
          timeZone: body.time_zone,
          includeXlsx: body.include_xlsx,
          paused: body.paused,
        })
        .where(eq(reportSubscriptions.id, row.id));
      await scheduleNext(c.var.app, row.id);
      return answerOne(c, row.id);
    },
  )
  .delete(
    "/:id",
    customerScope(),
    describe({
      summary: "Delete one of the caller's subscriptions (no more reports).",
      tags,
      answer: {
        description: "The id deleted.",
        schema: deletedAnswer,
        example: { status: 200, deleted: subscriptionExample.id },
      },
    }),
    async (c) => {
      const row = await ownSubscription(c);
      await c.var.app.database.db.delete(reportSubscriptions).where(eq(reportSubscriptions.id, row.id));
      return c.json({ status: 200 as const, deleted: row.id });
    },
  )
  .post(
    "/:id/send-now",
    customerScope(),
    describe({
      idempotent: true,
      summary: "Send the report of one of the caller's subscriptions now (its schedule stays).",
      tags,
      answer: {
        description: "The subscription; the delivery is queued.",
        schema: oneAnswer,
        example: { status: 200, subscription: subscriptionExample },
      },
    }),
    async (c) => {
      const row = await ownSubscription(c);
      await sendNow(c.var.app, row);
      return answerOne(c, row.id);
    },
  );
