import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { notificationDeletedAnswer, notificationPageAnswer } from "../http/answers/services.ts";
import { readJson, readQuery } from "../http/body.ts";
import { notFound } from "../http/errors.ts";
import { liveItemExample } from "../http/examples/people.ts";
import { customerScope, requireKind } from "../http/middleware/guards.ts";
import { describe } from "../http/openapi/declare.ts";
import { notificationPage, notificationsPageQuery } from "../live/notificationPages.ts";
import { deleteOwnNotification, recipientOf } from "../live/notifications.ts";

export const deleteNotification = z.strictObject({ id: z.uuid({ message: "must be a notification id" }) });

/**
 * The caller's own notifications and tasks: a page of them (GET), and DELETE of one; another
 * user's id answers 404 (nothing to probe).
 */
function notificationRoutes(kind: "client" | "admin") {
  return new Hono<AppEnv>()
    .get(
      "/",
      // Staff in the dummy view read a customer's screens: their own items stay in the back office.
      kind === "client" ? customerScope() : requireKind(kind),
      describe({
        summary:
          "The caller's own stored notifications and background tasks, a page at a time, newest first.",
        description:
          "The session detail carries the newest 50; this call pages through all of them (`type` keeps one kind). Pass `next_cursor` as `cursor` for the older page. Staff in the dummy view get an empty page (their own items are in the back office's).",
        tags: ["Notifications"],
        query: notificationsPageQuery,
        answer: {
          description: "A page of the items, newest first, and the next page's cursor.",
          schema: notificationPageAnswer,
          example: { status: 200, items: [liveItemExample], next_cursor: null },
        },
      }),
      async (c) => {
        const { org_id: _viewed, ...page } = readQuery(c, notificationsPageQuery);
        const session = c.var.session!;
        if (kind === "client" && session.kind === "admin") {
          return c.json({ status: 200 as const, items: [], next_cursor: null });
        }
        const recipient = recipientOf(session);
        return c.json({
          status: 200 as const,
          ...(await notificationPage(c.var.app.database.db, recipient, page)),
        });
      },
    )
    .delete(
      "/",
      requireKind(kind),
      describe({
        summary: "Delete one of the caller's own notifications or background tasks.",
        tags: ["Notifications"],
        body: deleteNotification,
        bodyExample: { id: liveItemExample.id },
        answer: {
          description: "The deleted notification's id.",
          schema: notificationDeletedAnswer,
          example: { status: 200, deleted: liveItemExample.id },
        },
      }),
      async (c) => {
        const { id } = await readJson(c, deleteNotification);
        const recipient = recipientOf(c.var.session!);
        if (!(await deleteOwnNotification(c.var.app, recipient, id)))
          throw notFound("Notification not found.");
        return c.json({ status: 200, deleted: id });
      },
    );
}

export const customerNotificationRoutes = notificationRoutes("client");
export const staffNotificationRoutes = notificationRoutes("admin");
