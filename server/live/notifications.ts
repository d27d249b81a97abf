import { and, desc, eq } from "drizzle-orm";
import type { Session } from "../auth/sessions.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/client.ts";
import { customerUsers, notifications, staffAccounts } from "../db/schema/index.ts";
import type { LiveHub } from "./hub.ts";

/** What notifications are read from and pushed through. */
type NotificationContext = { database: Database; clock: Clock; live: LiveHub };

export type Recipient = { customerUserId: string } | { staffAccountId: string };

/** Whom a session's own notifications belong to. */
export const recipientOf = (session: Session): Recipient =>
  session.kind === "client" ? { customerUserId: session.user.id } : { staffAccountId: session.staff.id };

export interface TaskUpdate {
  /** Stable id: the same task upserts one notification row and one toast/progress bar. */
  id?: string;
  type: "task" | "notification";
  message: string;
  progress?: number;
  status?: string;
  organisationId?: string | null;
  jobId?: string;
}

async function channelOf(context: NotificationContext, recipient: Recipient): Promise<string | undefined> {
  const { db } = context.database;
  if ("customerUserId" in recipient) {
    const [row] = await db
      .select({ channel: customerUsers.channelId })
      .from(customerUsers)
      .where(eq(customerUsers.id, recipient.customerUserId));
    return row?.channel;
  }
  const [row] = await db
    .select({ channel: staffAccounts.channelId })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, recipient.staffAccountId));
  return row?.channel;
}

/**
 * Records a task or notification for its recipient (kept until deleted) and pushes it on the
 * recipient's live channel, through whichever server process holds the connection.
 */
export async function pushToRecipient(
  context: NotificationContext,
  recipient: Recipient,
  update: TaskUpdate,
) {
  const { db } = context.database;
  const now = context.clock.now();
  const values = {
    type: update.type,
    message: update.message,
    progress: update.progress ?? 0,
    status: update.status ?? "info",
    organisationId: update.organisationId ?? null,
    jobId: update.jobId,
    emitOn: now,
    ...("customerUserId" in recipient
      ? { customerUserId: recipient.customerUserId }
      : { staffAccountId: recipient.staffAccountId }),
  };
  const [row] = update.id
    ? await db
        .insert(notifications)
        .values({ id: update.id, ...values })
        .onConflictDoUpdate({
          target: notifications.id,
          set: { message: values.message, progress: values.progress, status: values.status, emitOn: now },
        })
        .returning()
    : await db.insert(notifications).values(values).returning();
  const channel = await channelOf(context, recipient);
  if (row && channel) await context.live.publish(channel, liveMessageOf(row));
  return row;
}

/** A stored task or notification as the live channel (and the session detail) carries it. */
export const liveMessageOf = (row: typeof notifications.$inferSelect) => ({
  type: row.type,
  id: row.id,
  message: row.message,
  emit_on: row.emitOn.toISOString(),
  progress: row.progress,
  status: row.status,
  org: row.organisationId,
  action: "upsert" as const,
});

/** How many stored items a session detail carries (the newest): older ones stay until deleted. */
const STORED_ITEMS_SHOWN = 50;

/**
 * The recipient's stored tasks and notifications, newest first, so a reloaded page shows what
 * arrived while it was closed (the live channel only carries what happens while it is open).
 */
export async function storedItemsOf(context: { database: Database }, recipient: Recipient) {
  const owner =
    "customerUserId" in recipient
      ? eq(notifications.customerUserId, recipient.customerUserId)
      : eq(notifications.staffAccountId, recipient.staffAccountId);
  const rows = await context.database.db
    .select()
    .from(notifications)
    .where(owner)
    .orderBy(desc(notifications.emitOn))
    .limit(STORED_ITEMS_SHOWN);
  const items = rows.map(liveMessageOf);
  return {
    notifications: items.filter((item) => item.type === "notification"),
    background_tasks: items.filter((item) => item.type === "task"),
  };
}

/** Deletes one of the recipient's own notifications; answers whether it existed. */
export async function deleteOwnNotification(
  context: NotificationContext,
  recipient: Recipient,
  id: string,
): Promise<boolean> {
  const owner =
    "customerUserId" in recipient
      ? eq(notifications.customerUserId, recipient.customerUserId)
      : eq(notifications.staffAccountId, recipient.staffAccountId);
  const removed = await context.database.db
    .delete(notifications)
    .where(and(eq(notifications.id, id), owner))
    .returning({ id: notifications.id });
  return removed.length > 0;
}
