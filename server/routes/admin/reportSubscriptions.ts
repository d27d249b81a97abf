/**
 * /api/management/admin/report-subscription/{orgid}/: staff read a customer's report
 * subscriptions (the overview's panel, read-only) and site admins pause them all at once.
 */
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import { reportSubscriptions } from "../../db/schema/index.ts";
import {
  organisationSubscriptionsAnswer as listAnswer,
  subscriptionsPausedAnswer as pausedAnswer,
} from "../../http/answers/reports.ts";
import { parseParam, readQuery } from "../../http/body.ts";
import { notFound } from "../../http/errors.ts";
import { requireStaff } from "../../http/middleware/guards.ts";
import { describe } from "../../http/openapi/declare.ts";
import { pageQuery } from "../../http/pagination.ts";
import { findOrganisation } from "../../organisations/present.ts";
import { subscriptionExample, subscriptionPageExample } from "../../reports/examples.ts";
import { SUBSCRIPTIONS_PAGE, subscriptionPage, subscriptionViews } from "../../reports/subscriptions.ts";

const organisationId = z.uuid("must be an organisation id (UUID)");
const tags = ["Back office: report subscriptions"];
const subscriptionsPage = pageQuery(SUBSCRIPTIONS_PAGE);

export const adminReportSubscriptionRoutes = new Hono<AppEnv>()
  .get(
    "/:orgid",
    requireStaff(),
    describe({
      summary: "A customer's report subscriptions (read-only), a page at a time, oldest first.",
      tags,
      query: subscriptionsPage,
      answer: {
        description: "A page of the organisation's subscriptions and the next page's cursor.",
        schema: listAnswer,
        example: subscriptionPageExample,
      },
    }),
    async (c) => {
      const organisation = parseParam(organisationId, c.req.param("orgid"), "orgid");
      const page = readQuery(c, subscriptionsPage);
      const { db } = c.var.app.database;
      if (!(await findOrganisation(db, organisation))) throw notFound("Organisation not found.");
      return c.json({
        status: 200 as const,
        ...(await subscriptionPage(db, { organisationId: organisation }, page)),
      });
    },
  )
  .post(
    "/:orgid/pause",
    requireStaff({ siteAdmin: true }),
    describe({
      summary: "Pause every report subscription of a customer (its users may resume their own).",
      tags,
      answer: {
        description: "How many were paused, and the subscriptions.",
        schema: pausedAnswer,
        example: {
          status: 200,
          paused: 1,
          subscriptions: [{ ...subscriptionExample, paused: true, next_delivery_at: null }],
        },
      },
    }),
    async (c) => {
      const organisation = parseParam(organisationId, c.req.param("orgid"), "orgid");
      const { db } = c.var.app.database;
      if (!(await findOrganisation(db, organisation))) throw notFound("Organisation not found.");
      const paused = await db
        .update(reportSubscriptions)
        .set({ paused: true, nextRunAt: null })
        .where(
          and(eq(reportSubscriptions.organisationId, organisation), eq(reportSubscriptions.paused, false)),
        )
        .returning({ id: reportSubscriptions.id });
      return c.json({
        status: 200 as const,
        paused: paused.length,
        subscriptions: await subscriptionViews(db, { organisationId: organisation }),
      });
    },
  );
