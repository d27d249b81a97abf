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
  signinPerEmail: { name: "signin-email", limit: 5, windowSeconds: 15 * 60 },
  signinPerIp: { name: "signin-ip", limit: 30, windowSeconds: 15 * 60 },
  staffFailuresPerUser: { name: "staff-user", limit: 5, windowSeconds: 15 * 60 },
  staffFailuresPerIp: { name: "staff-ip", limit: 20, windowSeconds: 15 * 60 },
} satisfies Record<string, RateRule>;

function windowStart(rule: RateRule, now: Date) {
  const size = rule.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / size) * size);
}

/**
 * Counts one hit for `subject` and throws 429 once the window's limit is passed. The counter lives in
 * the database so every server process sees the same count.
 */
export async function hit(db: Db, rule: RateRule, subject: string, now: Date): Promise<void> {
  const count = await record(db, rule, subject, now);
  if (count > rule.limit) throw tooMany(rule, now);
}

/** The current count without adding to it. */
export async function current(db: Db, rule: RateRule, subject: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: rateLimitHits.count })
    .from(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.key, `${rule.name}:${subject}`),
        eq(rateLimitHits.windowStart, windowStart(rule, now)),
      ),
    );
  return row?.count ?? 0;
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
