import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.ts";
import { customerUsers, organisations } from "./identity.ts";
import { savedQueries } from "./schemes.ts";

export const reportFrequencies = ["weekly", "monthly"] as const;
/** The outcome of a delivery: every recipient reached, some left out (partial), none, or failed. */
export const reportOutcomes = ["sent", "partial", "skipped", "failed"] as const;

/**
 * A report subscription (issue 22): an analysis or a saved view mailed as a PDF to colleagues of
 * the same organisation, weekly or monthly at an hour of a time zone (server/reports/README.md).
 */
export const reportSubscriptions = pgTable(
  "report_subscriptions",
  {
    id: id(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    ownerUserId: uuid("owner_user_id")
      .notNull()
      .references(() => customerUsers.id, { onDelete: "cascade" }),
    /** querie1, querie2, ... (a folder of queries/). */
    querie: text("querie").notNull(),
    /** The saved view subscribed to; null after it was deleted (`fromSavedView` remembers it was one). */
    savedQueryId: uuid("saved_query_id").references(() => savedQueries.id, { onDelete: "set null" }),
    fromSavedView: boolean("from_saved_view").notNull().default(false),
    title: text("title").notNull(),
    filters: jsonb("filters").$type<Record<string, unknown>>().notNull().default({}),
    /** The year follows the latest enabled year at each delivery instead of filters.year. */
    followLatestYear: boolean("follow_latest_year").notNull().default(false),
    frequency: text("frequency", { enum: reportFrequencies }).notNull(),
    /** 0 = Sunday .. 6 = Saturday (weekly). */
    weekday: integer("weekday"),
    /** 1..28 (monthly). */
    monthDay: integer("month_day"),
    hour: integer("hour").notNull(),
    timeZone: text("time_zone").notNull(),
    includeXlsx: boolean("include_xlsx").notNull().default(false),
    paused: boolean("paused").notNull().default(false),
    /** The scheduled delivery time; its ISO text is the period key of that delivery. */
    nextRunAt: timestamp("next_run_at", { withTimezone: true }),
    lastDeliveredAt: timestamp("last_delivered_at", { withTimezone: true }),
    lastOutcome: text("last_outcome", { enum: reportOutcomes }),
    /** Why recipients were left out, or why the delivery failed, in plain words. */
    lastDetail: text("last_detail"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("report_subscriptions_organisation_idx").on(table.organisationId),
    index("report_subscriptions_due_idx").on(table.nextRunAt),
  ],
);

/** A recipient of a subscription: a user of its organisation (null once the user was removed). */
export const reportRecipients = pgTable(
  "report_recipients",
  {
    id: id(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => reportSubscriptions.id, { onDelete: "cascade" }),
    customerUserId: uuid("customer_user_id").references(() => customerUsers.id, { onDelete: "set null" }),
    /** The address at the time it was chosen, so the owner reads who was removed. */
    email: text("email").notNull(),
  },
  (table) => [index("report_recipients_subscription_idx").on(table.subscriptionId)],
);

/**
 * One delivery of a subscription for one period (its scheduled time, or 'now:<id>' for "send now"):
 * unique per subscription and period, so two processes that both pick a due report send it once.
 */
export const reportDeliveries = pgTable(
  "report_deliveries",
  {
    id: id(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => reportSubscriptions.id, { onDelete: "cascade" }),
    period: text("period").notNull(),
    /** Null while it is being sent (or retried). */
    outcome: text("outcome", { enum: reportOutcomes }),
    attempts: integer("attempts").notNull().default(0),
    /** A worker sending it holds it until then; another one (a duplicate job) leaves it alone. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** Recipient rows already sent to: a retry after a crash does not mail them again. */
    sentTo: jsonb("sent_to").$type<string[]>().notNull().default([]),
    detail: text("detail"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [unique("report_deliveries_period_unique").on(table.subscriptionId, table.period)],
);
