/**
 * After a restart, a scheme row may still say "running" though its job is gone (its process died
 * and pg-boss failed the job, or the job was removed). Such a row is marked failed - the validation
 * goes back to its earlier result or to Todo, the generator shows failed - so nothing stays stuck.
 * A row changed in the last few seconds is left alone: it may be a run being queued right now.
 */
import type { AppContext } from "../context.ts";
import { SCHEME_IDS, SCHEME_TARGETS, type SchemeId } from "./catalogue.ts";
import { SCHEME_RUN_JOB } from "./schemeJob.ts";
import { busyRuns, markFailed } from "./store.ts";

const GRACE_MS = 10_000;

function schemeIdOf(target: { type?: string; kind?: string }): SchemeId | undefined {
  return SCHEME_IDS.find((id) => {
    const candidate: { type?: string; kind?: string } = SCHEME_TARGETS[id];
    return candidate.type === target.type && candidate.kind === target.kind;
  });
}

export async function reconcileSchemeRuns(context: Pick<AppContext, "database">, graceMs = GRACE_MS) {
  const { validationRows, resultRows } = await busyRuns(context.database.db);
  const busy = [
    ...validationRows.map((row) => ({ ...row, schemeId: schemeIdOf({ type: row.type }) })),
    ...resultRows.map((row) => ({ ...row, schemeId: schemeIdOf({ kind: row.kind }) })),
  ];
  const cutoff = Date.now() - graceMs;
  for (const row of busy) {
    if (!row.schemeId || row.updatedAt.getTime() > cutoff) continue;
    const [job] = await context.database.execute<{ id: string }>(
      "SELECT id FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state IN ('created','retry','active') LIMIT 1",
      [SCHEME_RUN_JOB, `${row.organisationId}:${row.year}:${row.schemeId}`],
    );
    if (!job) {
      await markFailed(
        context.database.db,
        row.organisationId,
        row.year,
        row.schemeId,
        "interrupted (the job is gone)",
      );
    }
  }
}
