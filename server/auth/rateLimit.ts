import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rateLimitHits } from "../db/schema/index.ts";
import { HttpError } from "../http/errors.ts";

export interface RateRule {
  /** Name of what is limited, e.g. 'signin-email'. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export const RATE_RULES = {
  /** Per address from any client: it bounds the mails one address can be sent (a mail flood). */
  signinPerEmail: { name: "signin-email", limit: 5, windowSeconds: 15 * 60 },
  signinPerIp: { name: "signin-ip", limit: 30, windowSeconds: 15 * 60 },
  /**
   * Per username from one client address (subject `fromAddress(username, ip)`): counted per
   * username alone, five wrong passwords from anywhere locked the account's owner out too.
   */
  staffFailuresPerUser: { name: "staff-user-ip", limit: 5, windowSeconds: 15 * 60 },
  staffFailuresPerIp: { name: "staff-ip", limit: 20, windowSeconds: 15 * 60 },
  /** A customer admin adds a few users a year; more tries an hour would be listing addresses. */
  userAddsPerOrganisation: { name: "user-add-org", limit: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, RateRule>;

/** The subject of a per-account rule: the account from this client address. */
export const fromAddress = (account: string, ip: string) => `${account}|${ip}`;

function windowStart(rule: RateRule, now: Date) {
  const size = rule.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / size) * size);
}

/**
 * Counts one hit for `subject` and throws 429 once the window's limit is passed. The counter lives in
 * the database so every server process sees the same count; counting and reading are one statement,
 * so of any number of concurrent hits no more than `limit` pass.
 */
export async function hit(db: Db, rule: RateRule, subject: string, now: Date): Promise<void> {
  const count = await record(db, rule, subject, now);
  if (count > rule.limit) throw tooMany(rule, now);
}

/** Adds one hit and answers the new count. */
export async function record(db: Db, rule: RateRule, subject: string, now: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key: `${rule.name}:${subject}`, windowStart: windowStart(rule, now), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
    })
    .returning({ count: rateLimitHits.count });
  return row?.count ?? 1;
}

/** Gives back an attempt counted by `hit` (a success that should not count as a failure). */
export async function release(db: Db, rule: RateRule, subject: string, now: Date): Promise<void> {
  await db
    .update(rateLimitHits)
    .set({ count: sql`greatest(${rateLimitHits.count} - 1, 0)` })
    .where(
      and(
        eq(rateLimitHits.key, `${rule.name}:${subject}`),
        eq(rateLimitHits.windowStart, windowStart(rule, now)),
      ),
    );
}

export function tooMany(rule: RateRule, now: Date): HttpError {
  const resetAt = windowStart(rule, now).getTime() + rule.windowSeconds * 1000;
  const seconds = Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new HttpError(
    429,
    `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    undefined,
    { "Retry-After": String(seconds) },
  );
}
