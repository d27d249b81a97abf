import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  customerUsers,
  organisations,
  type SessionKind,
  sessions,
  staffAccounts,
} from "../db/schema/index.ts";
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
  const [row] = await db
    .select({ session: sessions, user: customerUsers, organisation: organisations, staff: staffAccounts })
    .from(sessions)
    .leftJoin(customerUsers, eq(customerUsers.id, sessions.customerUserId))
    .leftJoin(organisations, eq(organisations.id, customerUsers.organisationId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, sessions.staffAccountId))
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
    )
    .limit(1);
  if (!row) return null;
  if (row.session.kind === "client") {
    if (!row.user || !row.organisation || row.user.blocked) return null;
    return { id: row.session.id, kind: "client", user: row.user, organisation: row.organisation };
  }
  if (!row.staff) return null;
  return { id: row.session.id, kind: "admin", staff: row.staff };
}

export async function revokeSession(db: Db, sessionId: string, now: Date) {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** Blocking a user ends every session it has. */
export async function revokeUserSessions(db: Db, customerUserId: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.customerUserId, customerUserId), isNull(sessions.revokedAt)));
}
