import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { noteAudit } from "../audit/pending.ts";
import type { AppEnv } from "../context.ts";
import { staffAccounts } from "../db/schema/index.ts";
import { staffSigninAnswer } from "../http/answers/staff.ts";
import { readJson } from "../http/body.ts";
import { clientIp } from "../http/clientIp.ts";
import { HttpError } from "../http/errors.ts";
import { staffSigninExample } from "../http/examples/people.ts";
import { setSessionCookie } from "../http/middleware/session.ts";
import { describe } from "../http/openapi/declare.ts";
import { staffCaller } from "../http/roles/roles.ts";
import { adminDetail } from "../staff/present.ts";
import { decoyPasswordHash, verifyPassword } from "./passwords.ts";
import { fromAddress, hit, RATE_RULES, release } from "./rateLimit.ts";
import { createSession } from "./sessions.ts";

export const staffSigninRequest = z.strictObject({
  username: z.string().trim().min(1, "Please fill out this field").max(150),
  password: z.string().min(1, "Please fill out this field").max(1024),
});

export const BAD_CREDENTIALS = "Unable to log in with provided credentials.";

/** Staff sign-in by username and password; failures are counted per username and per address. */
export const staffSignin = new Hono<AppEnv>().post(
  "/",
  describe({
    summary: "Staff sign-in with username and password (sets the session cookie).",
    tags: ["Sign-in"],
    body: staffSigninRequest,
    answer: {
      description:
        "The staff member's detail (as GET /api/management/admin/detail/, without stored items), `token` and `max_age`.",
      schema: staffSigninAnswer,
      example: staffSigninExample,
    },
    bodyExample: { username: "admin", password: "correct horse battery staple" },
    refusals: {
      429: "Too many failed attempts for this username from this address, or from this address: wait for Retry-After seconds.",
    },
  }),
  async (c) => {
    const { username, password } = await readJson(c, staffSigninRequest);
    const { database, clock } = c.var.app;
    const now = clock.now();
    const ip = clientIp(c);
    const userKey = username.toLowerCase();
    const rules = [
      [RATE_RULES.staffFailuresPerUser, fromAddress(userKey, ip)],
      [RATE_RULES.staffFailuresPerIp, ip],
    ] as const;
    // Each attempt is counted before the password is checked, in one statement per rule, so attempts
    // sent in parallel cannot all read "under the limit" before any of them is recorded.
    for (const [rule, subject] of rules) await hit(database.db, rule, subject, now);

    const [staff] = await database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.username, username));
    const valid = await verifyPassword(password, staff?.passwordHash ?? (await decoyPasswordHash()));
    if (!staff || !valid) throw new HttpError(400, BAD_CREDENTIALS).withCode("bad_credentials");
    // Failures are what the limit counts: a success gives its attempt back.
    for (const [rule, subject] of rules) await release(database.db, rule, subject, now);
    const session = await createSession(database.db, now, {
      kind: "admin",
      staffAccountId: staff.id,
      ip,
      userAgent: c.req.header("user-agent"),
    });
    setSessionCookie(c, session.token, session.maxAge);
    noteAudit({
      actor: { kind: "staff", id: staff.id, name: staff.username, role: staffCaller(staff) },
      organisationId: null,
      targetId: null,
      after: { ip: ip ?? null },
    });
    return c.json({
      ...(await adminDetail(database.db, staff)),
      token: session.token,
      max_age: session.maxAge,
    });
  },
);
