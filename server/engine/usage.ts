import { count, eq } from "drizzle-orm";
import type { Session } from "../auth/sessions.ts";
import type { Db } from "../db/client.ts";
import { queryUsageLog } from "../db/schema/index.ts";

/** One row per analysis run: who (customer user or staff in dummy mode), which, how long, cached. */
export async function logQueryUsage(
  db: Db,
  input: { organisationId: string; session: Session; querie: string; durationMs: number; cached: boolean },
) {
  await db.insert(queryUsageLog).values({
    organisationId: input.organisationId,
    customerUserId: input.session.kind === "client" ? input.session.user.id : null,
    staffAccountId: input.session.kind === "admin" ? input.session.staff.id : null,
    querie: input.querie,
    durationMs: Math.round(input.durationMs),
    cached: input.cached ? 1 : 0,
  });
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
