/**
 * The audit record of the write a request is making, held for the request's whole life (async local
 * storage), so code deep in a write path adds what only it knows (the row's id, the values before
 * and after) without threading the request through. recordWrites.ts opens it; auditedTransaction()
 * writes it inside the write's own transaction; otherwise recordWrites.ts writes it once the call
 * has succeeded.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import type { AuditedWrite } from "./routeAudit.ts";

/** Who made a write. */
export interface AuditActor {
  kind: "user" | "staff" | "system" | "anonymous";
  id: string | null;
  name: string | null;
  role: string;
}

/** What a write path knows about its write; each field replaces what recordWrites.ts would derive. */
export interface AuditNote {
  /** Null for a site-wide write (site texts, help centre, staff accounts). */
  organisationId?: string | null;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /** The caller a sign-in made (the request had no session yet). */
  actor?: AuditActor;
  /** A finer action than the route's (saved_query.delete for the save call's delete). */
  action?: string;
}

export interface PendingAudit {
  c: Context<AppEnv>;
  entry: AuditedWrite;
  note: AuditNote;
  /** The JSON body the handler parsed (readJson / parseBody), when it parsed one. */
  body?: unknown;
  recorded: boolean;
}

export const pendingAudit = new AsyncLocalStorage<PendingAudit>();

/** Adds what the write path knows to the request's audit record (no-op outside an audited call). */
export function noteAudit(note: AuditNote) {
  const pending = pendingAudit.getStore();
  if (pending) Object.assign(pending.note, note);
}

/** The body a handler parsed: the record's default `after` and the place its organisation is named. */
export function noteParsedBody(value: unknown) {
  const pending = pendingAudit.getStore();
  if (pending && pending.body === undefined) pending.body = value;
}

/** The call wrote nothing after all (an upload's preview): no record is kept of it. */
export function noWrite() {
  const pending = pendingAudit.getStore();
  if (pending) pending.recorded = true;
}
