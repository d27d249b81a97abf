/**
 * /api/reports/unsubscribe/{token}: the one-click unsubscribe of a report mail, without signing in.
 * GET shows a page with one button (mail scanners that open links do not unsubscribe anyone); POST
 * removes the token's recipient from its subscription - that recipient only, and once (a second use
 * finds nothing). Mail programs POST `List-Unsubscribe=One-Click` here (RFC 8058). The token is
 * the credential, so the CSRF check does not apply (server/http/middleware/csrf.ts).
 */

import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { html } from "hono/html";
import { z } from "zod";
import { noteAudit } from "../audit/pending.ts";
import type { AppEnv } from "../context.ts";
import { reportRecipients, reportSubscriptions } from "../db/schema/index.ts";
import { HTML_EXAMPLE } from "../http/examples/services.ts";
import { describe } from "../http/openapi/declare.ts";
import { verifyUnsubscribeToken } from "../reports/unsubscribeToken.ts";

const tags = ["Report subscriptions: unsubscribe"];

function page(c: Context<AppEnv>, status: 200 | 404 | 410, title: string, body: unknown) {
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  return c.html(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>${title} - Vitality</title>
        </head>
        <body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">
          <h1 style="font-size: 1.4rem">${title}</h1>
          ${body}
        </body>
      </html>`,
    status,
  );
}

async function recipientOf(c: Context<AppEnv>) {
  const recipientId = verifyUnsubscribeToken(c.var.app.config.secretKey, c.req.param("token") ?? "");
  if (!recipientId) return undefined;
  const [found] = await c.var.app.database.db
    .select({
      recipient: reportRecipients,
      title: reportSubscriptions.title,
      organisationId: reportSubscriptions.organisationId,
    })
    .from(reportRecipients)
    .innerJoin(reportSubscriptions, eq(reportSubscriptions.id, reportRecipients.subscriptionId))
    .where(eq(reportRecipients.id, recipientId));
  return found;
}

const gone = (c: Context<AppEnv>) =>
  page(
    c,
    410,
    "This link was already used",
    html`<p>You no longer receive this report, or the subscription was deleted.</p>`,
  );

/** A link whose recipient is gone: 404 when it was never ours (forged), 410 when it was used. */
function refusedLink(c: Context<AppEnv>) {
  if (!verifyUnsubscribeToken(c.var.app.config.secretKey, c.req.param("token") ?? "")) {
    return page(c, 404, "This link is not valid", html`<p>Use the link of the report mail you received.</p>`);
  }
  return gone(c);
}

/** The link's refusals are pages for a person who clicked, not the JSON error shape. */
const LINK_REFUSALS = {
  404: {
    description: "An HTML page: the link is not valid (not one Vitality signed).",
    media: "text/html",
    schema: z.string(),
  },
  410: {
    description:
      "An HTML page: the link was already used (the second click), or the subscription was deleted.",
    media: "text/html",
    schema: z.string(),
  },
};

export const reportUnsubscribeRoutes = new Hono<AppEnv>()
  .get(
    "/:token",
    describe({
      summary: "The unsubscribe page of a report mail's link: which report, and one button.",
      tags,
      answer: {
        description: "An HTML page: which report, and one button.",
        media: "text/html",
        schema: z.string(),
        example: HTML_EXAMPLE,
      },
      refusals: LINK_REFUSALS,
    }),
    async (c) => {
      const found = await recipientOf(c);
      if (!found) return refusedLink(c);
      return page(
        c,
        200,
        "Unsubscribe from a report",
        html`<p>Stop sending the report "${found.title}" to ${found.recipient.email}?</p>
          <form method="post"><button type="submit" style="font-size: 1rem; padding: .5rem 1rem">Unsubscribe</button></form>`,
      );
    },
  )
  .post(
    "/:token",
    describe({
      summary: "Unsubscribe the link's recipient from its report (one click, no sign-in; works once).",
      tags,
      answer: {
        description: "An HTML page saying so.",
        media: "text/html",
        schema: z.string(),
        example: HTML_EXAMPLE,
      },
      refusals: LINK_REFUSALS,
    }),
    async (c) => {
      const found = await recipientOf(c);
      if (!found) return refusedLink(c);
      const removed = await c.var.app.database.db
        .delete(reportRecipients)
        .where(eq(reportRecipients.id, found.recipient.id))
        .returning();
      // Two clicks at once: only the one that removed the row reports success.
      if (removed.length === 0) return gone(c);
      noteAudit({
        organisationId: found.organisationId,
        targetId: found.recipient.subscriptionId,
        before: { recipient: found.recipient.email },
        after: null,
      });
      return page(
        c,
        200,
        "You are unsubscribed",
        html`<p>${found.recipient.email} will no longer receive the report "${found.title}".</p>`,
      );
    },
  );
