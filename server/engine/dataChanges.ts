/**
 * The one call every writer of an organisation's analysis inputs makes after its commit: an upload
 * switched in (organisation_years.data_version, advisory_board_uploads), a year added or removed, a
 * service area, provider, facility or location changed, an organisation deleted. It drops the
 * organisation's cached snapshot (organisationSnapshot.ts) in this process at once and in every
 * other process through LiveHub's cache invalidations (PostgreSQL NOTIFY), so the next analysis run
 * reads the new versions and misses the result cache; and it queues the job that writes the
 * organisation's derived files for the new data (derived/prepareJob.ts), so the first request of
 * each of its years does not pay for them. A context without a started job queue (CLI, some tests)
 * only invalidates.
 */
import type { AppContext } from "../context.ts";
import { queuePrepareFiles } from "./derived/prepareJob.ts";

export const DATA_TOPIC = "data";

/** organisationId null: every organisation (market uploads are shared by all of them). */
export async function notifyDataChanged(
  context: Pick<AppContext, "live"> & Partial<Pick<AppContext, "jobs" | "logger" | "config">>,
  organisationId: string | null,
) {
  await context.live.invalidate({ topic: DATA_TOPIC, key: organisationId ?? undefined });
  await queuePrepareFiles(context, organisationId);
}

/**
 * A year opened to its readers (enabled, prelaunched): no input changed, so no file is prepared,
 * but every process drops the organisation's snapshot, which holds the open years. Without it a
 * manifest asked in the next seconds (an open screen told of the change) answers the years before.
 */
export async function notifyYearsOpened(context: Pick<AppContext, "live">, organisationId: string) {
  await context.live.invalidate({ topic: DATA_TOPIC, key: organisationId });
}
