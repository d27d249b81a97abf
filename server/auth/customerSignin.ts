import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { noteAudit } from "../audit/pending.ts";
import type { AppEnv } from "../context.ts";
import { customerUsers, signinTokens } from "../db/schema/index.ts";
import { atMost, EMAIL_MAX } from "../forms/textLimits.ts";
import { statusDetailAnswer } from "../http/answers/common.ts";
import { customerSigninAnswer } from "../http/answers/customer.ts";
import { parseParam, readJson } from "../http/body.ts";
import { clientIp } from "../http/clientIp.ts";
import { HttpError } from "../http/errors.ts";
import { setSessionCookie } from "../http/middleware/session.ts";
import { describe } from "../http/openapi/declare.ts";
import { EvenTiming } from "./evenTiming.ts";
import { hit, RATE_RULES } from "./rateLimit.ts";
import { createSession } from "./sessions.ts";
import { hashToken, newToken } from "./tokens.ts";

/** Sign-in links expire 15 minutes after they are sent. */
export const SIGNIN_TOKEN_TTL_SECONDS = 15 * 60;

export const SIGNIN_SENT_DETAIL = "If this address belongs to an account, a sign-in link is on its way.";

export const signinRequest = z.strictObject({
  email: z
    .string({ message: "Please verify your email address" })
    .trim()
    .max(EMAIL_MAX, atMost(EMAIL_MAX))
    .toLowerCase()
    .pipe(z.email({ message: "Please verify your email address" })),
});

/** How long a link for a known address takes to send; an unknown address waits as long. */
const linkSending = new EvenTiming();

const tokenParam = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "is not a sign-in token");

/** Customer sign-in by e-mailed link: POST asks for a link, GET exchanges the link's token for a session. */
export const customerSignin = new Hono<AppEnv>()
  .post(
    "/",
    describe({
      summary:
        "Ask for a sign-in link by e-mail (the same answer whether or not the address has an account).",
      tags: ["Sign-in"],
      body: signinRequest,
      answer: {
        description: "The same words whether or not the address has an account; the link arrives by e-mail.",
        schema: statusDetailAnswer,
        example: { status: 200, detail: SIGNIN_SENT_DETAIL },
      },
      bodyExample: { email: "jane.doe@practice.example" },
      refusals: {
        429: "Too many links asked for this address or from this client address: wait for Retry-After seconds.",
      },
    }),
    async (c) => {
      const { email } = await readJson(c, signinRequest);
      const { database, clock, mailer, config } = c.var.app;
      const now = clock.now();
      await hit(database.db, RATE_RULES.signinPerIp, clientIp(c), now);
      await hit(database.db, RATE_RULES.signinPerEmail, email, now);

      const [user] = await database.db
        .select()
        .from(customerUsers)
        .where(sql`lower(${customerUsers.email}) = ${email}`)
        .limit(1);
      // Unknown and blocked addresses get the same answer as known ones: no account enumeration.
      if (user && !user.blocked) {
        const started = performance.now();
        const token = newToken();
        await database.db.insert(signinTokens).values({
          tokenHash: hashToken(token),
          customerUserId: user.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + SIGNIN_TOKEN_TTL_SECONDS * 1000),
        });
        const link = `${config.publicUrl}/validate_token/${token}`;
        await mailer.send({
          kind: "signin",
          to: [user.email],
          subject: "Your Vitality sign-in link",
          text: `Hello ${user.username},\n\nFollow this link to sign in to Vitality. It works once, within 15 minutes:\n\n${link}\n\nIf you did not ask for it, ignore this e-mail.\n`,
          html: `<p>Hello ${escapeHtml(user.username)},</p><p>Follow this link to sign in to Vitality. It works once, within 15 minutes:</p><p><a href="${link}">Sign in to Vitality</a></p><p>If you did not ask for it, ignore this e-mail.</p>`,
          link,
        });
        linkSending.observe(performance.now() - started);
      } else {
        await linkSending.imitate();
      }
      return c.json({ status: 200, detail: SIGNIN_SENT_DETAIL });
    },
  )
  .get(
    "/:token",
    describe({
      summary: "Exchange a sign-in link's token for a session (sets the session cookie).",
      tags: ["Sign-in"],
      answer: {
        description:
          "The session: its token (also set as the session cookie) and its age in seconds. The customer's detail is GET /api/management/customer/detail/.",
        schema: customerSigninAnswer,
        example: {
          status: 200,
          token: "q4Jw0v3c6mA7Jx2kB9sQn1eZt8LpYr5uWd0HfGiKoMc",
          max_age: 1_209_600,
        },
      },
    }),
    async (c) => {
      const token = parseParam(tokenParam, c.req.param("token"), "token");
      const { database, clock } = c.var.app;
      const now = clock.now();
      // Consuming the token and checking it is one statement, so two concurrent uses cannot both win.
      const [consumed] = await database.db
        .update(signinTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(signinTokens.tokenHash, hashToken(token)),
            isNull(signinTokens.usedAt),
            gt(signinTokens.expiresAt, now),
          ),
        )
        .returning({ customerUserId: signinTokens.customerUserId });
      const [user] = consumed
        ? await database.db.select().from(customerUsers).where(eq(customerUsers.id, consumed.customerUserId))
        : [];
      if (!user || user.blocked) {
        throw new HttpError(
          400,
          "This sign-in link is invalid, used or expired. Ask for a new one.",
        ).withCode("signin_link_invalid");
      }
      const session = await createSession(database.db, now, {
        kind: "client",
        customerUserId: user.id,
        ip: clientIp(c),
        userAgent: c.req.header("user-agent"),
      });
      setSessionCookie(c, session.token, session.maxAge);
      noteAudit({
        actor: {
          kind: "user",
          id: user.id,
          name: user.email,
          role: user.isStaff ? "customerAdmin" : "assistant",
        },
        organisationId: user.organisationId,
        targetId: null,
        after: { ip: clientIp(c) ?? null },
      });
      return c.json({ status: 200, token: session.token, max_age: session.maxAge });
    },
  );

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
