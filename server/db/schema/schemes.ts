import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.ts";
import { customerUsers, organisations, staffAccounts } from "./identity.ts";

const organisationRef = () =>
  uuid("organisation_id")
    .notNull()
    .references(() => organisations.id, { onDelete: "cascade" });

/**
 * The input versions a validation or generated result was computed from: the year's practice data
 * version, its market data version, the organisation's profile revision, the year's service-area
 * revision and (scoring only) the questionnaire's revision.
 */
export interface StampedInputs {
  data: number;
  market: number;
  profile: number;
  area: number;
  questionnaire?: number;
}

export const validationTypes = ["facility", "provider", "global"] as const;

/** A validation run per organisation, year and type. done without valid = 'Validate anyway'. */
export const validations = pgTable(
  "validations",
  {
    id: id(),
    organisationId: organisationRef(),
    year: integer("year").notNull(),
    type: text("type", { enum: validationTypes }).notNull(),
    valid: boolean("valid").notNull().default(false),
    done: boolean("done").notNull().default(false),
    runningOn: text("running_on"),
    result: jsonb("result"),
    /**
     * The versions of the inputs this result was computed from (server/organisations/yearInputs.ts):
     * the result is out of date when they differ from the year's current ones (derived, never set).
     */
    inputs: jsonb("inputs").$type<StampedInputs>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [unique("validations_org_year_type_unique").on(table.organisationId, table.year, table.type)],
);

export const schemeKinds = ["SC", "MC", "MP", "SCORING"] as const;
export const schemeStatuses = ["running", "done", "failed"] as const;

/** Output of a generator scheme (service/macro capabilities, market profile, scoring). */
export const schemeResults = pgTable(
  "scheme_results",
  {
    id: id(),
    organisationId: organisationRef(),
    year: integer("year").notNull(),
    kind: text("kind", { enum: schemeKinds }).notNull(),
    status: text("status", { enum: schemeStatuses }).notNull().default("running"),
    pluginVersion: text("plugin_version").notNull().default(""),
    result: jsonb("result"),
    error: text("error"),
    /** As on `validations`: out of date (shown, not counted, generated again) when they differ. */
    inputs: jsonb("inputs").$type<StampedInputs>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [unique("scheme_results_org_year_kind_unique").on(table.organisationId, table.year, table.kind)],
);

export const questionnaireStates = ["waiting", "under_analysis", "valid"] as const;

export const questionnaires = pgTable(
  "questionnaires",
  {
    id: id(),
    organisationId: organisationRef(),
    year: integer("year").notNull(),
    state: text("state", { enum: questionnaireStates }).notNull().default("waiting"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    /** Bumped whenever `data` (the submitted answers) changes: the scoring's input version. */
    revision: integer("revision").notNull().default(0),
    /**
     * What the customer has typed so far while the questionnaire waits (answers as typed, and the
     * furthest step reached), saved as they go so a reload loses nothing; null once submitted.
     */
    draft: jsonb("draft").$type<{ answers: Record<string, string | string[]>; step: number }>(),
    draftSavedAt: timestamp("draft_saved_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [unique("questionnaires_org_year_unique").on(table.organisationId, table.year)],
);

/** A filtered view of an analysis saved by a user, optionally shared with the organisation. */
export const savedQueries = pgTable(
  "saved_queries",
  {
    id: id(),
    organisationId: organisationRef(),
    ownerUserId: uuid("owner_user_id").references(() => customerUsers.id, { onDelete: "cascade" }),
    ownerStaffId: uuid("owner_staff_id").references(() => staffAccounts.id, { onDelete: "cascade" }),
    /** Shown beside shared queries; the provider's own value ('AHI') when saved in dummy mode. */
    username: text("username").notNull(),
    ownerEmail: text("owner_email").notNull(),
    name: text("name").notNull(),
    querie: integer("querie").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    accessible: boolean("accessible").notNull().default(true),
    filters: jsonb("filters").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index("saved_queries_organisation_idx").on(table.organisationId)],
);
