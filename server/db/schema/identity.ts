import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.ts";

/** A customer: a practice or hospital. */
export const organisations = pgTable("organisations", {
  id: id(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  address: text("address").notNull().default(""),
  locale: text("locale").notNull().default(""),
  localeZip: text("locale_zip").notNull().default(""),
  phone1: text("phone_1").notNull().default(""),
  phone2: text("phone_2").notNull().default(""),
  fax: text("fax").notNull().default(""),
  logo: text("logo"),
  initialized: boolean("initialized").notNull().default(false),
  agreementAccepted: boolean("agreement_accepted").notNull().default(false),
  /** Last change of a facility, location or provider: what was computed before it is out of date. */
  profileChangedAt: timestamp("profile_changed_at", { withTimezone: true }),
  /** Bumped on every change of a facility, location or provider: an input version of every year's results. */
  profileRevision: integer("profile_revision").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A person of a customer organisation. is_staff true = the organisation's admin, false = assistant. */
export const customerUsers = pgTable(
  "customer_users",
  {
    id: id(),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    username: text("username").notNull(),
    picture: text("picture"),
    isStaff: boolean("is_staff").notNull().default(false),
    blocked: boolean("blocked").notNull().default(false),
    channelId: uuid("channel_id").notNull().defaultRandom(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("customer_users_email_unique").on(sql`lower(${table.email})`),
    index("customer_users_organisation_idx").on(table.organisationId),
  ],
);

export const staffRoles = ["site_admin", "agent"] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The provider's own people: site admins and agents (an agent is a staff account with role agent). */
export const staffAccounts = pgTable(
  "staff_accounts",
  {
    id: id(),
    username: text("username").notNull().unique(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: staffRoles }).notNull().default("site_admin"),
    isSuperUser: boolean("is_super_user").notNull().default(false),
    picture: text("picture"),
    channelId: uuid("channel_id").notNull().defaultRandom(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("staff_accounts_email_unique").on(sql`lower(${table.email})`)],
);

export const sessionKinds = ["client", "admin"] as const;
export type SessionKind = (typeof sessionKinds)[number];

/** A signed-in session; only the SHA-256 of its token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    tokenHash: text("token_hash").notNull().unique(),
    kind: text("kind", { enum: sessionKinds }).notNull(),
    customerUserId: uuid("customer_user_id").references(() => customerUsers.id, { onDelete: "cascade" }),
    staffAccountId: uuid("staff_account_id").references(() => staffAccounts.id, { onDelete: "cascade" }),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("sessions_expires_idx").on(table.expiresAt)],
);

/** A single-use e-mailed sign-in link; only the SHA-256 of its token is stored. */
export const signinTokens = pgTable(
  "signin_tokens",
  {
    id: id(),
    tokenHash: text("token_hash").notNull().unique(),
    customerUserId: uuid("customer_user_id")
      .notNull()
      .references(() => customerUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("signin_tokens_user_idx").on(table.customerUserId)],
);

/** Fixed-window counters shared by every server process (rate limits must hold across a fleet). */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);
