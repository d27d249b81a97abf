/** The audit row of a request's write: who, the organisation, what and the values, from the request. */
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import type { NewAuditEvent } from "../db/schema/index.ts";
import { callerOf } from "../http/roles/roles.ts";
import type { AuditActor, PendingAudit } from "./pending.ts";

/** Body fields that name the organisation a call acts on, in the calls' own spellings. */
const ORGANISATION_FIELDS = ["organization_uuid", "organization_id", "org_id", "organization", "orgid"];
/** Never kept in the trail: secrets a body may carry. */
const SECRET_FIELD = /password|token|secret/i;

export function actorOf(c: Context<AppEnv>): AuditActor {
  const session = c.var.session;
  if (!session) return { kind: "anonymous", id: null, name: null, role: "anonymous" };
  const role = callerOf(session);
  if (session.kind === "client") {
    return { kind: "user", id: session.user.id, name: session.user.email, role };
  }
  return { kind: "staff", id: session.staff.id, name: session.staff.username, role };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The body without its secrets (nested objects too), as the record's `after`. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_FIELD.test(key))
      .map(([key, inner]) => [key, withoutSecrets(inner)]),
  );
}

function organisationNamed(c: Context<AppEnv>, body: unknown): string | null {
  const candidates: unknown[] = [];
  if (isRecord(body)) {
    for (const field of ORGANISATION_FIELDS) candidates.push(body[field]);
    if (isRecord(body.user_data)) candidates.push(body.user_data.organization_id);
  }
  candidates.push(c.req.param("orgid"), c.req.query("org_id"), c.req.query("organization"));
  const found = candidates.find((value) => typeof value === "string" && UUID.test(value));
  return (found as string | undefined) ?? null;
}

function organisationOf(pending: PendingAudit): string | null {
  const { c, note, body } = pending;
  if (note.organisationId !== undefined) return note.organisationId;
  const scope = c.var.scope?.organisationId;
  if (scope) return scope;
  const session = c.var.session;
  if (session?.kind === "client") return session.organisation.id;
  return organisationNamed(c, body);
}

function targetOf(pending: PendingAudit): string | null {
  const { c, note, body } = pending;
  if (note.targetId !== undefined) return note.targetId === null ? null : String(note.targetId);
  const fromBody = isRecord(body) ? body.id : undefined;
  if (typeof fromBody === "string" || typeof fromBody === "number") return String(fromBody);
  // A year's calls name it by its year (with the organisation beside it).
  if (isRecord(body) && typeof body.year === "number" && pending.entry.target === "organisation_year") {
    return String(body.year);
  }
  return c.req.param("id") ?? c.req.param("orgid") ?? null;
}

export function auditRowOf(pending: PendingAudit): NewAuditEvent {
  const { c, entry, note } = pending;
  const actor = note.actor ?? actorOf(c);
  const after = note.after !== undefined ? note.after : withoutSecrets(pending.body);
  return {
    at: c.var.app.clock.now(),
    organisationId: organisationOf(pending),
    actorKind: actor.kind,
    actorId: actor.id,
    actorName: actor.name,
    actorRole: actor.role,
    action: note.action ?? entry.action,
    targetKind: entry.target,
    targetId: targetOf(pending),
    before: note.before ?? null,
    after: after ?? null,
    requestId: c.var.requestId,
  };
}
