/**
 * A year's refresh after new data (issue 24: a monthly extract costs staff one click). When an
 * accepted upload or a restore replaces data staff had reviewed (refreshQueue.ts queues it), one
 * job runs every step the rule allows (yearActions.ts), in the rule's order, each once: the
 * validations, the generators and the scoring (the questionnaire is kept: its answers are the
 * practice's, not the data's). A validation staff had validated anyway is accepted again when it
 * finds only the same problems. It stops by itself where staff must act (a validation that finds a
 * new problem, a failed run, a questionnaire not yet valid) and says so in the rule's own words;
 * otherwise the year is ready and staff enable it with one click, after reading what changed
 * against the enabled version (reviewedSummary.ts).
 */
import type { AppContext } from "../context.ts";
import type { JobDefinition } from "../jobs/queue.ts";
import { publishStateChange } from "../live/stateChanges.ts";
import { SCHEME_TARGETS, type SchemeId, type ValidationType } from "../schemes/catalogue.ts";
import { runSchemeNow } from "../schemes/runScheme.ts";
import { publishSchemeEvent } from "../schemes/schemeJob.ts";
import { findValidation, type ValidationRow, validateAnyway } from "../schemes/store.ts";
import { sameFindings } from "./acceptedFindings.ts";
import { keepRefreshState, startedRefresh, YEAR_REFRESH_JOB, type YearRefreshData } from "./refreshQueue.ts";
import { REFRESH_STEPS, type YearRefreshState } from "./refreshShapes.ts";
import { loadYearActions } from "./yearState.ts";

type RefreshStep = (typeof REFRESH_STEPS)[number];

const SCHEME_OF: Record<RefreshStep, SchemeId> = {
  facility_validation: "validation_facility",
  provider_validation: "validation_provider",
  service_capabilities: "service_capabilities",
  global_validation: "validation_global",
  macro_capabilities: "macro_capabilities",
  market_profile: "market_profile",
  scoring: "scoring",
};

/** The next step to run: the first the rule allows that this refresh has not run yet. */
export function nextRefreshStep(
  allowed: (step: RefreshStep) => boolean,
  ran: readonly RefreshStep[],
): RefreshStep | undefined {
  return REFRESH_STEPS.find((step) => !ran.includes(step) && allowed(step));
}

/**
 * A validation staff had validated anyway that finds only the same problems again is accepted
 * again (new data, the same known differences); one that finds a problem about another subject
 * stays for staff.
 */
async function acceptAgain(
  context: Pick<AppContext, "database">,
  data: YearRefreshData,
  type: ValidationType,
  before: ValidationRow,
  state: YearRefreshState,
) {
  const { db } = context.database;
  const after = await findValidation(db, data.organisationId, data.year, type);
  if (!before.valid || !after?.done || after.valid || !sameFindings(before.result, after.result)) return;
  await validateAnyway(db, data.organisationId, data.year, type);
  state.accepted_again.push(type);
}

export const yearRefreshJob: JobDefinition<YearRefreshData> = {
  name: YEAR_REFRESH_JOB,
  title: (data) => `Refresh of ${data.year} after new data`,
  singletonKey: (data) => `${data.organisationId}:${data.year}`,
  async run(context, job) {
    const { organisationId, year, cause } = job.data;
    const state = startedRefresh(context, cause);
    await keepRefreshState(context, job.data, state);
    await publishStateChange(context, { organisationId, year, topic: "year" });
    let failed: string | undefined;
    for (;;) {
      const actions = await loadYearActions(context, organisationId, year);
      const step = nextRefreshStep((candidate) => actions[candidate].allowed, state.ran);
      if (!step) break;
      state.ran.push(step);
      await keepRefreshState(context, job.data, state);
      await job.progress(Math.round((100 * REFRESH_STEPS.indexOf(step)) / REFRESH_STEPS.length), step);
      const schemeId = SCHEME_OF[step];
      const target = SCHEME_TARGETS[schemeId];
      const validation = target.table === "validations" ? target.type : undefined;
      const before =
        validation && (await findValidation(context.database.db, organisationId, year, validation));
      try {
        await runSchemeNow({ context, organisationId, year, schemeId });
        if (validation && before) await acceptAgain(context, job.data, validation, before, state);
      } catch (error) {
        // The run is marked failed on the year (Generate again); staff take it from there.
        context.logger.warn("refresh step failed", { organisationId, year, step, error: String(error) });
        failed = step;
      } finally {
        await publishSchemeEvent(context, { organisationId, year, schemeId }).catch(() => {});
      }
      if (failed) break;
    }
    const enable = (await loadYearActions(context, organisationId, year)).enable;
    Object.assign(state, {
      status: enable.allowed ? "ready" : "stopped",
      finished_at: context.clock.now().toISOString(),
      needs: enable.allowed ? null : enable.message,
    } satisfies Partial<YearRefreshState>);
    await keepRefreshState(context, job.data, state);
    await publishStateChange(context, { organisationId, year, topic: "year" });
    return { ran: state.ran, status: state.status };
  },
};
