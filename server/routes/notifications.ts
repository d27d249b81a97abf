import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { notificationDeletedAnswer } from "../http/answers/services.ts";
import { readJson } from "../http/body.ts";
import { notFound } from "../http/errors.ts";
import { requireKind } from "../http/middleware/guards.ts";
import { describe } from "../http/openapi/declare.ts";
import { deleteOwnNotification, recipientOf } from "../live/notifications.ts";

const deleteNotification = z.strictObject({ id: z.uuid({ message: "must be a notification id" }) });

/** DELETE of one's own notification or task; another user's id answers 404 (nothing to probe). */
function deleteRoute(kind: "client" | "admin") {
  return new Hono<AppEnv>().delete(
    "/",
    requireKind(kind),
    describe({
      summary: "Delete one of the caller's own notifications or background tasks.",
      tags: ["Notifications"],
      body: deleteNotification,
      answer: { description: "The deleted notification's id.", schema: notificationDeletedAnswer },
    }),
    async (c) => {
      const { id } = await readJson(c, deleteNotification);
      const recipient = recipientOf(c.var.session!);
      if (!(await deleteOwnNotification(c.var.app, recipient, id))) throw notFound("Notification not found.");
      return c.json({ status: 200, deleted: id });
    },
  );
}

export const customerNotificationRoutes = deleteRoute("client");
export const staffNotificationRoutes = deleteRoute("admin");
