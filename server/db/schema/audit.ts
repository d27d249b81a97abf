import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const auditActorKinds = ["user", "staff", "system", "anonymous"] as const;

/**
 * The audit trail (HIPAA 45 CFR 164.312(b), docs/operations.md): one row per write, append-only.
 * The code has no update or delete path for it, and the migration's trigger refuses UPDATE, DELETE
 * and TRUNCATE on both databases. No foreign keys: a record outlives the organisation, user or staff
 * account it names (a deleted organisation's trail is still read by its id).
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    /** Increasing: the order of the trail and the list's cursor. */
    seq: bigint("seq", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Null for site-wide writes (site texts, help centre, staff accounts). */
    organisationId: uuid("organisation_id"),
    actorKind: text("actor_kind", { enum: auditActorKinds }).notNull(),
    /** The customer user's or staff account's id; null for the system and anonymous callers. */
    actorId: uuid("actor_id"),
    /** The e-mail or username at the time (the account may change or go later). */
    actorName: text("actor_name"),
    /** customerAdmin, assistant, agent, siteAdmin, system, anonymous (server/http/roles/roles.ts). */
    actorRole: text("actor_role").notNull(),
    action: text("action").notNull(),
    targetKind: text("target_kind").notNull(),
    targetId: text("target_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    requestId: text("request_id"),
  },
  (table) => [
    index("audit_events_org_idx").on(table.organisationId, table.seq),
    index("audit_events_at_idx").on(table.at),
  ],
);

export type AuditEvent = typeof auditEvents.$inferSelect;
export type NewAuditEvent = typeof auditEvents.$inferInsert;
