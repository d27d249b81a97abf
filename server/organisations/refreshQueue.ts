/**
 * Queues a year's refresh after new data (the job itself: yearRefresh.ts) and keeps its state on
 * the year. A leaf of the ingest path: the upload and the restore call it after their commit,
 * without importing the scheme runs the job makes.
 */
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { organisationYears } from "../db/schema/index.ts";
import type { YearRefreshState } from "./refreshShapes.ts";

export const YEAR_REFRESH_JOB = "year.refresh";

export type YearRefreshData = { organisationId: string; year: number; cause: YearRefreshState["cause"] };

export async function keepRefreshState(
  context: Pick<AppContext, "database">,
  data: YearRefreshData,
  state: YearRefreshState,
) {
  await context.database.db
    .update(organisationYears)
    .set({ refresh: state })
    .where(
      and(eq(organisationYears.organisationId, data.organisationId), eq(organisationYears.year, data.year)),
    );
}

/** A refresh as it starts: nothing run yet. */
export const startedRefresh = (
  context: Pick<AppContext, "clock">,
  cause: YearRefreshState["cause"],
): YearRefreshState => ({
  status: "running",
  cause,
  started_at: context.clock.now().toISOString(),
  finished_at: null,
  ran: [],
  accepted_again: [],
  needs: null,
});

/**
 * After new data is switched in: the years whose reviewed data it replaced (sendBackToReview set
 * replacedAt) are refreshed in the background. Marked running at once, so the year detail read
 * right after the upload already says a refresh is under way.
 */
export async function refreshReplacedYears(
  context: AppContext,
  organisationId: string,
  years: number[],
  cause: YearRefreshState["cause"],
) {
  if (!context.config.refreshReplacedYears) return;
  for (const year of years) {
    const [row] = await context.database.db
      .select({ replacedAt: organisationYears.replacedAt })
      .from(organisationYears)
      .where(and(eq(organisationYears.organisationId, organisationId), eq(organisationYears.year, year)));
    if (!row?.replacedAt) continue;
    const data = { organisationId, year, cause };
    await keepRefreshState(context, data, startedRefresh(context, cause));
    await context.jobs.send(YEAR_REFRESH_JOB, data);
  }
}
