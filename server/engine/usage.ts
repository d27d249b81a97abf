/**
 * The query usage log: who ran which analysis (customer user, or staff in dummy mode), how long it
 * took, cached or not. Runs are buffered in the process and written in batches, at the latest
 * USAGE_FLUSH_MS after the first waiting run, at once when USAGE_FLUSH_ROWS rows are waiting, and
 * when the server stops (LiveHub.onStop, before the database closes): a cached answer then costs no
 * database write. Within a batch, runs with the same organisation, user, staff account, analysis,
 * cached flag and UTC day are one row whose `runs` counts them (a busy second is a few rows, not
 * thousands), so every reader sums `runs`. Readers in this process flush first (flushQueryUsage),
 * so their counts include every run they answered; another process's runs of the last second may
 * not be counted yet.
 */
import { eq, sum } from "drizzle-orm";
import type { Session } from "../auth/sessions.ts";
import { registerCache } from "../caches/registry.ts";
import type { AppContext } from "../context.ts";
import type { Database, Db } from "../db/client.ts";
import { queryUsageLog } from "../db/schema/index.ts";

export const USAGE_FLUSH_MS = 1000;
export const USAGE_FLUSH_ROWS = 1000;
const DAY_MS = 24 * 3600 * 1000;

type UsageRow = typeof queryUsageLog.$inferInsert & { runs: number; durationMs: number; createdAt: Date };
type UsageContext = Pick<AppContext, "database" | "live" | "logger" | "clock">;

/**
 * A batch is one statement with one parameter (the rows as JSON): the engine parses one value
 * instead of eight per row, which is most of a batch's cost on the embedded database.
 */
const BATCH_INSERT = `
INSERT INTO query_usage_log
  (organisation_id, customer_user_id, staff_account_id, querie, runs, duration_ms, cached, created_at)
SELECT organisation_id, customer_user_id, staff_account_id, querie, runs, duration_ms, cached, created_at
FROM json_to_recordset($1::json) AS row(organisation_id uuid, customer_user_id uuid,
  staff_account_id uuid, querie text, runs integer, duration_ms integer, cached integer,
  created_at timestamptz)`;

const toRecord = (row: UsageRow) => ({
  organisation_id: row.organisationId,
  customer_user_id: row.customerUserId,
  staff_account_id: row.staffAccountId,
  querie: row.querie,
  runs: row.runs,
  duration_ms: row.durationMs,
  cached: row.cached,
  created_at: row.createdAt.toISOString(),
});

/** The runs one row may stand for: everything a reader groups or filters by, and the UTC day. */
const groupKey = (row: UsageRow) =>
  `${row.organisationId}|${row.customerUserId}|${row.staffAccountId}|${row.querie}|${row.cached}|${Math.floor(
    row.createdAt.getTime() / DAY_MS,
  )}`;

class UsageBuffer {
  private rows = new Map<string, UsageRow>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Batches are written one after another: a flush waits for the ones before it. */
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly context: UsageContext) {
    context.live.onStop(() => this.flush());
    // Bounded by flushing: the USAGE_FLUSH_ROWS-th waiting row sends the batch.
    registerCache({ name: "usage", size: () => this.rows.size, max: () => USAGE_FLUSH_ROWS });
  }

  add(run: UsageRow) {
    const key = groupKey(run);
    const row = this.rows.get(key);
    if (row) {
      row.runs += run.runs;
      row.durationMs += run.durationMs;
      return;
    }
    this.rows.set(key, run);
    if (this.rows.size >= USAGE_FLUSH_ROWS) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), USAGE_FLUSH_MS);
      // A waiting row alone does not keep a process alive (stop() flushes it).
      this.timer.unref?.();
    }
  }

  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.rows.values()];
    this.rows = new Map();
    if (batch.length > 0) this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  private async write(batch: UsageRow[]) {
    const { db } = this.context.database;
    try {
      await this.context.database.execute(BATCH_INSERT, [JSON.stringify(batch.map(toRecord))]);
      return;
    } catch {
      // A row whose organisation or user was deleted since its run fails the batch: row by row,
      // those are left out and the others kept.
    }
    let dropped = 0;
    for (const row of batch) {
      try {
        await db.insert(queryUsageLog).values(row);
      } catch {
        dropped += row.runs;
      }
    }
    if (dropped > 0)
      this.context.logger.warn("usage runs dropped (their organisation or user is gone)", { dropped });
  }
}

const buffers = new WeakMap<Database, UsageBuffer>();

function bufferOf(context: UsageContext) {
  let buffer = buffers.get(context.database);
  if (!buffer) {
    buffer = new UsageBuffer(context);
    buffers.set(context.database, buffer);
  }
  return buffer;
}

/** Records one run (buffered: written within USAGE_FLUSH_MS). */
export function logQueryUsage(
  context: UsageContext,
  input: { organisationId: string; session: Session; querie: string; durationMs: number; cached: boolean },
) {
  const row: UsageRow = {
    organisationId: input.organisationId,
    customerUserId: input.session.kind === "client" ? input.session.user.id : null,
    staffAccountId: input.session.kind === "admin" ? input.session.staff.id : null,
    querie: input.querie,
    runs: 1,
    durationMs: Math.round(input.durationMs),
    cached: input.cached ? 1 : 0,
    createdAt: context.clock.now(),
  };
  // After stop() nothing flushes any more: the row is written at once.
  if (!context.live.listening)
    return context.database.db
      .insert(queryUsageLog)
      .values(row)
      .then(() => {});
  bufferOf(context).add(row);
  return Promise.resolve();
}

/** Writes this process's waiting rows; call before reading the usage log. */
export async function flushQueryUsage(context: UsageContext) {
  await buffers.get(context.database)?.flush();
}

/** Runs per analysis of an organisation, every known analysis listed (0 when never run). */
export async function queryUsageCounts(db: Db, organisationId: string, queries: string[]) {
  const rows = await db
    .select({ querie: queryUsageLog.querie, runs: sum(queryUsageLog.runs) })
    .from(queryUsageLog)
    .where(eq(queryUsageLog.organisationId, organisationId))
    .groupBy(queryUsageLog.querie);
  const counts: Record<string, number> = Object.fromEntries(queries.map((querie) => [querie, 0]));
  for (const row of rows) counts[row.querie] = Number(row.runs);
  return counts;
}
