import { and, eq, gt, isNull } from "drizzle-orm";
import { currentCacheLimits } from "../caches/limits.ts";
import type { Database, Db } from "../db/client.ts";
import {
  customerUsers,
  organisations,
  type SessionKind,
  sessions,
  staffAccounts,
} from "../db/schema/index.ts";
import type { LiveHub } from "../live/hub.ts";
import { ProcessCache, perHub } from "../live/processCache.ts";
import { hashToken, newToken } from "./tokens.ts";

export type CustomerUser = typeof customerUsers.$inferSelect;
export type StaffAccount = typeof staffAccounts.$inferSelect;
export type Organisation = typeof organisations.$inferSelect;

export type Session =
  | { id: string; kind: "client"; user: CustomerUser; organisation: Organisation }
  | { id: string; kind: "admin"; staff: StaffAccount };

/**
 * The organisation a customer-area request acts on: the user's own, or, for staff in dummy
 * (impersonation) mode, the one named by the request, read-only.
 */
export interface OrganisationScope {
  organisationId: string;
  dummy: boolean;
  session: Session;
}

/** How long a session lasts, in seconds (the max_age the sign-in calls answer). */
export const SESSION_MAX_AGE: Record<SessionKind, number> = {
  client: 14 * 24 * 3600,
  admin: 12 * 3600,
};

export interface NewSession {
  kind: SessionKind;
  customerUserId?: string;
  staffAccountId?: string;
  ip?: string;
  userAgent?: string;
}

export async function createSession(db: Db, now: Date, input: NewSession) {
  const token = newToken();
  const maxAge = SESSION_MAX_AGE[input.kind];
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    kind: input.kind,
    customerUserId: input.customerUserId,
    staffAccountId: input.staffAccountId,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 300),
    createdAt: now,
    expiresAt: new Date(now.getTime() + maxAge * 1000),
  });
  return { token, maxAge };
}

/** The live session a token names, or null (unknown, expired, revoked, or its user blocked). */
export async function findSession(db: Db, token: string, now: Date): Promise<Session | null> {
  return (await readSession(db, hashToken(token), now))?.session ?? null;
}

/** The session row and what it names, read with one query; expiresAt in epoch milliseconds. */
async function readSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ session: sessions, user: customerUsers, organisation: organisations, staff: staffAccounts })
    .from(sessions)
    .leftJoin(customerUsers, eq(customerUsers.id, sessions.customerUserId))
    .leftJoin(organisations, eq(organisations.id, customerUsers.organisationId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, sessions.staffAccountId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const expiresAt = row.session.expiresAt.getTime();
  if (row.session.kind === "client") {
    if (!row.user || !row.organisation || row.user.blocked) return null;
    const session: Session = {
      id: row.session.id,
      kind: "client",
      user: row.user,
      organisation: row.organisation,
    };
    return { session, expiresAt };
  }
  if (!row.staff) return null;
  const session: Session = { id: row.session.id, kind: "admin", staff: row.staff };
  return { session, expiresAt };
}

/**
 * Validated sessions are reused for at most this many seconds without asking the database. Any
 * revoke, block or change of the user, staff account or organisation drops them at once in every
 * process (sessionsChanged below, through LiveHub's cache invalidations), and a process whose
 * listening connection was lost drops them all when it listens again; this bound only matters if a
 * NOTIFY is missed otherwise. Expiry is checked against the clock on every use. (It was 5 s: at
 * 1,000 users reading every 10 s, each request then asked the database for its session.)
 */
export const SESSION_CACHE_SECONDS = 60;

type CachedSession = { session: Session; expiresAt: number };

/** What changed: one session, every session of a user or staff account, or of an organisation's users. */
export type SessionChange =
  | { sessionId: string }
  | { customerUserId: string }
  | { staffAccountId: string }
  | { organisationId: string };

const changeKey = (change: SessionChange) =>
  "sessionId" in change
    ? `session:${change.sessionId}`
    : "customerUserId" in change
      ? `user:${change.customerUserId}`
      : "staffAccountId" in change
        ? `staff:${change.staffAccountId}`
        : `organisation:${change.organisationId}`;

function concerns({ session }: CachedSession, key: string) {
  const [kind, id] = key.split(":") as [string, string];
  if (kind === "session") return session.id === id;
  if (session.kind === "admin") return kind === "staff" && session.staff.id === id;
  return (
    (kind === "user" && session.user.id === id) || (kind === "organisation" && session.organisation.id === id)
  );
}

/** Whether a session is concerned by a "session" invalidation's key (absent: every session). */
export function sessionConcerned(session: Session, key: string | undefined) {
  return key === undefined || concerns({ session, expiresAt: 0 }, key);
}

/**
 * Whether a session is still live: not revoked or expired, its user not blocked or removed. The
 * live channel asks again whenever a change concerns its session (server/live/channelRoute.ts).
 */
export async function sessionIsLive(db: Db, sessionId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row ? (await readSession(db, row.tokenHash, now)) !== null : false;
}

/**
 * When a session expires (epoch milliseconds), or undefined for an unknown one. Sessions do not
 * slide: the time fixed at sign-in holds, so a socket can be closed at that moment
 * (server/live/sessionExpiry.ts).
 */
export async function sessionExpiresAt(db: Db, sessionId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row?.expiresAt.getTime();
}

const sessionCacheOf = perHub(
  (hub) =>
    new ProcessCache<CachedSession>(hub, {
      topic: "session",
      ttlMs: SESSION_CACHE_SECONDS * 1000,
      // One entry per signed-in browser active in the last SESSION_CACHE_SECONDS.
      capacity: currentCacheLimits().sessionEntries,
      name: "sessions",
      matches: concerns,
    }),
);

type SessionContext = { database: Database; live: LiveHub };

/**
 * findSession with the process's session cache in front (the auth middleware's per-request lookup).
 * The cache is keyed by the token itself, so a hit costs no SHA-256; only the database is asked by
 * hash. (The token is in this process's memory for the request anyway; the cache keeps it at most
 * SESSION_CACHE_SECONDS longer, and never writes it anywhere.)
 */
export async function currentSession(
  context: SessionContext,
  token: string,
  now: Date,
): Promise<Session | null> {
  const cache = sessionCacheOf(context.live);
  const hit = cache.get(token);
  if (hit) {
    if (hit.expiresAt > now.getTime()) return hit.session;
    cache.delete(token);
    return null;
  }
  const ticket = cache.ticket();
  const found = await readSession(context.database.db, hashToken(token), now);
  if (found) cache.set(token, found, ticket);
  return found?.session ?? null;
}

/**
 * Cached sessions concerned by a committed change are dropped in every process: call it after any
 * write to a session, customer user, staff account or organisation that a Session carries.
 */
export async function sessionsChanged(context: { live: LiveHub }, change: SessionChange) {
  await context.live.invalidate({ topic: "session", key: changeKey(change) });
}

export async function revokeSession(context: SessionContext, sessionId: string, now: Date) {
  await context.database.db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
  await sessionsChanged(context, { sessionId });
}

/** Blocking a user ends every session it has. */
export async function revokeUserSessions(context: SessionContext, customerUserId: string, now: Date) {
  await context.database.db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.customerUserId, customerUserId), isNull(sessions.revokedAt)));
  await sessionsChanged(context, { customerUserId });
}
