/**
 * The stored notifications and background tasks of one recipient, a page at a time (newest first):
 * the bell's "Show more" below the newest ones the session detail carries (notifications.ts
 * storedItemsOf). Kept apart from notifications.ts, which pushes them, so reading stays one job.
 */
import { and, eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { notifications } from "../db/schema/index.ts";
import { dummyOrgQueryField } from "../http/middleware/dummyReadOnly.ts";
import { keyset, type PageRequest, pageOf, pageQuery } from "../http/pagination.ts";
import { liveMessageOf, type Recipient } from "./notifications.ts";

/** Items a page holds when the caller names no `limit`: as many as the session detail carries. */
export const NOTIFICATIONS_PAGE = 50;

/** `limit`, `cursor`, and which kind of item (both when left out). */
export const notificationsPageQuery = pageQuery(NOTIFICATIONS_PAGE).extend({
  org_id: dummyOrgQueryField,
  type: z
    .enum(["notification", "task"], { error: "must be notification or task" })
    .optional()
    .describe("Only notifications, or only background tasks (both when left out)."),
});

/** Newest first; the id orders the items stored in the same microsecond. */
const notificationOrder = keyset([
  { column: notifications.emitOn, type: "timestamptz", direction: "desc" },
  { column: notifications.id, type: "uuid", direction: "desc" },
]);

export async function notificationPage(
  db: Db,
  recipient: Recipient,
  page: PageRequest & { type?: "notification" | "task" },
) {
  const conditions: (SQL | undefined)[] = [
    "customerUserId" in recipient
      ? eq(notifications.customerUserId, recipient.customerUserId)
      : eq(notifications.staffAccountId, recipient.staffAccountId),
    page.type ? eq(notifications.type, page.type) : undefined,
    notificationOrder.after(page.cursor),
  ];
  const read = await db
    .select({ row: notifications, pageKey: notificationOrder.pageKey })
    .from(notifications)
    .where(and(...conditions))
    .orderBy(...notificationOrder.orderBy)
    .limit(page.limit + 1);
  const { rows, nextCursor } = pageOf(read, page.limit);
  return { items: rows.map(({ row }) => liveMessageOf(row)), next_cursor: nextCursor };
}
