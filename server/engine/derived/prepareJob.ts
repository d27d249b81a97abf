/**
 * The job `analysis.prepare`: an organisation's derived files written when its data changes
 * (prepareFiles.ts), so the first analysis request of an organisation-year finds them instead of
 * scanning the year's market (1m cases: about 1.4 s of CPU). notifyDataChanged queues it after every
 * commit of an analysis input. One job per organisation at a time (singleton key): a burst of
 * changes while one is queued joins it; a change while one runs queues one more, which then sees
 * the newest data. Without an organisation (a market upload) the job queues one per organisation.
 * Failures are logged; a run still writes a missing file itself.
 */
import { boundedCache } from "../../caches/bounded.ts";
import type { AppContext } from "../../context.ts";
import { organisations } from "../../db/schema/index.ts";
import type { JobDefinition } from "../../jobs/queue.ts";
import { prepareAnalysisFiles } from "./prepareFiles.ts";

export const PREPARE_FILES_JOB = "analysis.prepare";

/** organisationId absent: every organisation (a market upload changed all of them). */
export type PrepareFilesData = { organisationId?: string };

export const prepareFilesJob: JobDefinition<PrepareFilesData> = {
  name: PREPARE_FILES_JOB,
  title: () => "Preparing analysis files",
  singletonKey: (data) => data.organisationId ?? "*",
  async run(context, job) {
    const { organisationId } = job.data;
    try {
      if (!organisationId) {
        const rows = await context.database.db.select({ id: organisations.id }).from(organisations);
        for (const row of rows) await context.jobs.send(PREPARE_FILES_JOB, { organisationId: row.id });
        return { queued: rows.length };
      }
      const prepared = await prepareAnalysisFiles(context, organisationId);
      const written = prepared.years.reduce((sum, year) => sum + year.written, 0);
      if (written > 0)
        context.logger.info("analysis files prepared", {
          organisationId,
          years: prepared.years
            .map((year) => `${year.year}: ${year.written} files, ${year.ms} ms`)
            .join("; "),
          ms: prepared.ms,
        });
      return { written, ms: prepared.ms };
    } catch (error) {
      context.logger.warn("analysis files not prepared", {
        organisationId: organisationId ?? "*",
        error: String(error),
      });
      throw error;
    }
  },
};

/**
 * Queues the job after a data change, unless PREPARE_ANALYSIS_FILES=0. Only a started queue takes it (a one-shot CLI command or a
 * loader without a worker has a queue that was never started, or a test context none): there the
 * first run writes the files, or the loader calls prepareAnalysisFiles itself. Never throws: the
 * change is committed already and the job is an optimisation.
 */
export async function queuePrepareFiles(
  context: Partial<Pick<AppContext, "jobs" | "logger" | "config">>,
  organisationId: string | null,
) {
  const { jobs } = context;
  if (!jobs?.started || context.config?.prepareAnalysisFiles === false) return undefined;
  try {
    return await jobs.send<PrepareFilesData>(PREPARE_FILES_JOB, organisationId ? { organisationId } : {});
  } catch (error) {
    context.logger?.warn("analysis files job not queued", {
      organisationId: organisationId ?? "*",
      error: String(error),
    });
    return undefined;
  }
}

/** The organisation-years' data versions a run asked the pipeline to prepare (once per process). */
const askedToPrepare = boundedCache<true>({ name: "preparesAsked", max: 2_000 });

/**
 * A run found an analysis's prepared rows never made for the organisation-year's data version (data
 * the pipeline has not reached yet, or a new form of the kept files after a deploy) and answered by
 * its kernel: the organisation's job is queued, once per data version and process (the job's
 * singleton key joins the asks of other processes).
 */
export function askToPrepare(
  context: Partial<Pick<AppContext, "jobs" | "logger" | "config">>,
  organisationId: string,
  dataKey: string,
) {
  if (askedToPrepare.has(dataKey)) return;
  askedToPrepare.set(dataKey, true);
  void queuePrepareFiles(context, organisationId);
}
