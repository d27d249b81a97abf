import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The pg-boss jobs a process is running now, each with its owner and a heartbeat the owner writes
 * while it runs. A job marked active whose owner is gone (its process killed: the pid is dead on
 * this host, or the heartbeat stopped) is failed by the next reconcile, so pg-boss retries it at
 * once instead of after the queue's expiry (server/jobs/queue.ts).
 */
export const jobRuns = pgTable("job_runs", {
  jobId: uuid("job_id").primaryKey(),
  name: text("name").notNull(),
  ownerPid: integer("owner_pid").notNull(),
  ownerHost: text("owner_host").notNull(),
  heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull().defaultNow(),
});
