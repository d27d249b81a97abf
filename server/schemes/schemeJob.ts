/**
 * The job `scheme.run`: one scheme for one organisation and year, in the background. A double
 * click is one job (singleton key org:year:scheme); progress goes to the requester's task toast;
 * when the run ends, staff get a live `event` so an open year detail updates its entry.
 */
import { randomUUID } from "node:crypto";
import type { AppContext } from "../context.ts";
import { crashPoint } from "../crash/crashPoint.ts";
import { staffAccounts } from "../db/schema/index.ts";
import type { JobDefinition } from "../jobs/queue.ts";
import type { Recipient } from "../live/notifications.ts";
import { publishStateChange } from "../live/stateChanges.ts";
import { loadYearRows, outdatedOf } from "../organisations/yearState.ts";
import { SCHEME_TARGETS, type SchemeId, YEAR_DETAIL_PATHS } from "./catalogue.ts";
import { schemeView, validationView } from "./present.ts";
import { runSchemeNow } from "./runScheme.ts";
import { findSchemeResult, findValidation, markRunning } from "./store.ts";

export const SCHEME_RUN_JOB = "scheme.run";
/** LiveHub refuses NOTIFY payloads above 7900 bytes (PostgreSQL's limit is 8000). */
const MAX_EVENT_BYTES = 7900;

export type SchemeJobData = { organisationId: string; year: number; schemeId: SchemeId };

const TITLES: Record<SchemeId, string> = {
  validation_facility: "Facility validation",
  validation_provider: "Provider validation",
  validation_global: "Global validation",
  service_capabilities: "Service capabilities",
  macro_capabilities: "Macro capabilities",
  market_profile: "Market profile",
  scoring: "Scoring",
};

/** The year-detail entry of a scheme as stored now (what the live event carries). */
export async function schemeEntry(context: Pick<AppContext, "database">, data: SchemeJobData) {
  const { db } = context.database;
  const target = SCHEME_TARGETS[data.schemeId];
  const rows = await loadYearRows(db, { organisationIds: [data.organisationId], year: data.year });
  if (target.table === "validations") {
    const row = rows.validations.find((candidate) => candidate.type === target.type);
    return validationView(row, Boolean(row?.done && outdatedOf(rows, row, "validation")));
  }
  const row = rows.schemes.find((candidate) => candidate.kind === target.kind);
  return schemeView(row, Boolean(row?.status === "done" && outdatedOf(rows, row, target.kind)));
}

/**
 * The value an event carries. NOTIFY payloads stay under 8000 bytes, so a generator's entry goes
 * without its result (the detail modal reads it through the detail call) and a validation whose
 * note is too long goes without the note (note: null tells the screen to read the year again).
 */
function eventValue(entry: Awaited<ReturnType<typeof schemeEntry>>, full: boolean) {
  if (entry && typeof entry === "object" && "result" in entry) {
    const { result: _result, ...state } = entry;
    return state;
  }
  if (!full && entry && typeof entry === "object" && "note" in entry) return { ...entry, note: null };
  return entry;
}

/**
 * event message (admin-area.md section 7): a screen whose organisation answer has `test_path` (its
 * id) equal to `test_value` sets `path` (that year's entry) to `value`.
 */
export async function publishSchemeEvent(context: AppContext, data: SchemeJobData) {
  const entry = await schemeEntry(context, data);
  const staff = await context.database.db.select({ channel: staffAccounts.channelId }).from(staffAccounts);
  const message = (full: boolean) => ({
    type: "event" as const,
    test_path: "id",
    test_value: data.organisationId,
    path: `datas.${data.year}.${YEAR_DETAIL_PATHS[data.schemeId]}`,
    value: eventValue(entry, full),
  });
  const full = message(true);
  const fits = Buffer.byteLength(JSON.stringify({ channel: randomUUID(), message: full })) <= MAX_EVENT_BYTES;
  for (const { channel } of staff) await context.live.publish(channel, fits ? full : message(false));
  // The customer's Home counts the review's steps from these results.
  await publishStateChange(
    context,
    { organisationId: data.organisationId, year: data.year, topic: "year" },
    { staff: false },
  );
}

export const schemeRunJob: JobDefinition<SchemeJobData> = {
  name: SCHEME_RUN_JOB,
  title: (data) => `${TITLES[data.schemeId] ?? data.schemeId} (${data.year})`,
  singletonKey: (data) => `${data.organisationId}:${data.year}:${data.schemeId}`,
  async run(context, job) {
    crashPoint("scheme.mid-run");
    try {
      const outcome = await runSchemeNow({
        context,
        organisationId: job.data.organisationId,
        year: job.data.year,
        schemeId: job.data.schemeId,
        progress: job.progress,
      });
      return { schemeId: outcome.scheme.id, durationMs: Math.round(outcome.durationMs) };
    } finally {
      await publishSchemeEvent(context, job.data).catch((error) =>
        context.logger.warn("scheme event not published", { error: String(error) }),
      );
    }
  },
};

/**
 * Queues a scheme run: the row shows 'Queued' at once (unless a run is already under way, which
 * this send joins), then the job runs it. Answers the job id.
 */
export async function enqueueScheme(context: AppContext, data: SchemeJobData, requester?: Recipient) {
  const { db } = context.database;
  const target = SCHEME_TARGETS[data.schemeId];
  const busy =
    target.table === "validations"
      ? (await findValidation(db, data.organisationId, data.year, target.type))?.done === false
      : (await findSchemeResult(db, data.organisationId, data.year, target.kind))?.status === "running";
  if (!busy) await markRunning(db, data.organisationId, data.year, data.schemeId);
  return context.jobs.send(SCHEME_RUN_JOB, data, requester);
}
