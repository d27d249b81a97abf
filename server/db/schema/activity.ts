import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";
import { customerUsers, organisations, staffAccounts } from "./identity.ts";

export const notificationTypes = ["task", "notification"] as const;

/** Tasks (jobs with progress) and notifications pushed over the live channel and kept until deleted. */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    type: text("type", { enum: notificationTypes }).notNull(),
    customerUserId: uuid("customer_user_id").references(() => customerUsers.id, { onDelete: "cascade" }),
    staffAccountId: uuid("staff_account_id").references(() => staffAccounts.id, { onDelete: "cascade" }),
    organisationId: uuid("organisation_id").references(() => organisations.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    progress: integer("progress").notNull().default(0),
    status: text("status").notNull().default("info"),
    action: text("action").notNull().default("upsert"),
    jobId: text("job_id"),
    payload: jsonb("payload"),
    emitOn: timestamp("emit_on", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    index("notifications_customer_idx").on(table.customerUserId),
    index("notifications_staff_idx").on(table.staffAccountId),
  ],
);

/** Every mail the product sent (or wrote to the dev outbox). */
export const mailLog = pgTable("mail_log", {
  id: id(),
  kind: text("kind").notNull(),
  sender: text("sender").notNull(),
  recipients: jsonb("recipients").$type<string[]>().notNull(),
  subject: text("subject").notNull(),
  transport: text("transport", { enum: ["smtp", "outbox"] }).notNull(),
  /** Outbox file name or SMTP message id. */
  reference: text("reference"),
  error: text("error"),
  /** The staff member who sent it from the mailbox (null for the product's own mail). */
  sentByStaffId: uuid("sent_by_staff_id").references(() => staffAccounts.id, { onDelete: "set null" }),
  /** The customer user it was written to, when it went to one (a mailbox mail goes to one each). */
  customerUserId: uuid("customer_user_id").references(() => customerUsers.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/**
 * Analysis runs by a user: feeds the queries usage chart and the stats call. A row stands for
 * `runs` runs that one write batch held with the same organisation, user (or staff account),
 * analysis, cached flag and UTC day (server/engine/usage.ts): readers sum `runs`, never count rows.
 */
export const queryUsageLog = pgTable(
  "query_usage_log",
  {
    id: id(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    customerUserId: uuid("customer_user_id"),
    staffAccountId: uuid("staff_account_id"),
    querie: text("querie").notNull(),
    /** How many runs the row stands for. */
    runs: integer("runs").notNull().default(1),
    /** The runs' total time (their mean is duration_ms / runs). */
    durationMs: integer("duration_ms").notNull().default(0),
    cached: integer("cached").notNull().default(0),
    /** When the first of the row's runs was answered. */
    createdAt: createdAt(),
  },
  (table) => [index("query_usage_log_org_idx").on(table.organisationId, table.createdAt)],
);
