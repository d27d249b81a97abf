/**
 * The query usage log: one row per analysis run (who - customer user or staff in dummy mode -,
 * which, how long, cached). Rows are buffered in the process and written in batches, at the latest
 * USAGE_FLUSH_MS after the first waiting row, at once when USAGE_FLUSH_ROWS are waiting, and when
 * the server stops (LiveHub.onStop, before the database closes): a cached answer then costs no
 * database write. Readers in this process flush first (flushQueryUsage), so their counts include
 * every run they answered; another process's runs of the last second may not be counted yet.
 */
import { count, eq } from "drizzle-orm";
import type { Session } from "../auth/sessions.ts";
import type { AppContext } from "../context.ts";
import type { Database, Db } from "../db/client.ts";
import { queryUsageLog } from "../db/schema/index.ts";

export const USAGE_FLUSH_MS = 1000;
export const USAGE_FLUSH_ROWS = 1000;

type UsageRow = typeof queryUsageLog.$inferInsert;
type UsageContext = Pick<AppContext, "database" | "live" | "logger">;

/**
 * A batch is one statement with one parameter (the rows as JSON): the engine parses one value
 * instead of seven per row, which is most of a batch's cost on the embedded database.
 */
const BATCH_INSERT = `
INSERT INTO query_usage_log
  (organisation_id, customer_user_id, staff_account_id, querie, duration_ms, cached, created_at)
SELECT organisation_id, customer_user_id, staff_account_id, querie, duration_ms, cached, created_at
FROM json_to_recordset($1::json) AS row(organisation_id uuid, customer_user_id uuid,
  staff_account_id uuid, querie text, duration_ms integer, cached integer, created_at timestamptz)`;

const toRecord = (row: UsageRow) => ({
  organisation_id: row.organisationId,
  customer_user_id: row.customerUserId,
  staff_account_id: row.staffAccountId,
  querie: row.querie,
  duration_ms: row.durationMs,
  cached: row.cached,
  created_at: row.createdAt instanceof Date ? row.createdAt.toISOString() : row.createdAt,
});

class UsageBuffer {
  private rows: UsageRow[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Batches are written one after another: a flush waits for the ones before it. */
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly context: UsageContext) {
    context.live.onStop(() => this.flush());
  }

  add(row: UsageRow) {
    this.rows.push(row);
    if (this.rows.length >= USAGE_FLUSH_ROWS) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), USAGE_FLUSH_MS);
      // A waiting row alone does not keep a process alive (stop() flushes it).
      this.timer.unref?.();
    }
  }

  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.rows;
    this.rows = [];
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
        dropped++;
      }
    }
    if (dropped > 0)
      this.context.logger.warn("usage rows dropped (their organisation or user is gone)", { dropped });
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
    durationMs: Math.round(input.durationMs),
    cached: input.cached ? 1 : 0,
    createdAt: new Date(),
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
    .select({ querie: queryUsageLog.querie, runs: count() })
    .from(queryUsageLog)
    .where(eq(queryUsageLog.organisationId, organisationId))
    .groupBy(queryUsageLog.querie);
  const counts: Record<string, number> = Object.fromEntries(queries.map((querie) => [querie, 0]));
  for (const row of rows) counts[row.querie] = Number(row.runs);
  return counts;
}
