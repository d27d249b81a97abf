/**
 * Every change of a year (data, results, enablement), a questionnaire or a practice profile is told
 * once on the live channel, to every staff tab and to the organisation's own users (issue 24): the
 * open screens that show it re-read (web/src/live/changeKeys.ts maps a topic to their queries).
 * After the commit; a failure is logged, never thrown at the caller (the change has happened).
 */
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { customerUsers, staffAccounts } from "../db/schema/index.ts";
import type { stateTopics } from "./messages.ts";

export type StateTopic = (typeof stateTopics)[number];

export async function publishStateChange(
  context: Pick<AppContext, "database" | "live" | "logger">,
  change: { organisationId: string; year?: number; topic: StateTopic },
  /** false: the staff tabs were told already (a scheme run's `event` patches them). */
  options: { staff?: boolean } = {},
) {
  try {
    const { db } = context.database;
    const [staff, users] = await Promise.all([
      options.staff === false ? [] : db.select({ channel: staffAccounts.channelId }).from(staffAccounts),
      db
        .select({ channel: customerUsers.channelId })
        .from(customerUsers)
        .where(
          and(eq(customerUsers.organisationId, change.organisationId), eq(customerUsers.blocked, false)),
        ),
    ]);
    const message = {
      type: "changed" as const,
      organisation: change.organisationId,
      year: change.year ?? null,
      topic: change.topic,
    };
    for (const { channel } of [...staff, ...users]) await context.live.publish(channel, message);
  } catch (error) {
    context.logger.error("state change not published", { ...change, error: String(error) });
  }
}
