/**
 * The year lists the back office adds to the customer-side ones (present.ts yearLists), and the
 * summary of one year that the customers list and the customer overview show.
 */
import type { organisationYears } from "../db/schema/index.ts";
import { yearLists } from "./present.ts";
import type { YearSnapshot } from "./yearProgress.ts";
import { emptySnapshot, type YearProgress, yearProgress } from "./yearProgress.ts";
import { yearKey } from "./yearState.ts";

export type YearRow = typeof organisationYears.$inferSelect;

/**
 * years / available_years / pending_years as the customer reads them, plus:
 * - accessible_years: the years staff may open in the dummy view: enabled ones, and prelaunched ones
 *   (prelaunch = staff preview a complete year before enabling it for the customer);
 * - has_file: some year has accepted practice data.
 */
export function adminYearLists(rows: YearRow[]) {
  const sorted = [...rows].sort((a, b) => a.year - b.year);
  return {
    ...yearLists(rows),
    accessible_years: sorted.filter((row) => row.enabled || row.prelaunched).map((row) => row.year),
    has_file: rows.some((row) => row.fileState === "uploaded"),
  };
}

/** The public part of a year's progress (without the per-item map, which the year detail adds). */
export const progressView = (progress: YearProgress) => ({
  percent: progress.percent,
  units: progress.units,
  total: progress.total,
  complete: progress.complete,
  missing: progress.missing,
});

/** One 'Main Tasks' entry: a year of the organisation and where it stands. */
export function yearTask(row: YearRow, snapshot: YearSnapshot | undefined) {
  const progress = yearProgress(snapshot ?? emptySnapshot());
  return {
    year: row.year,
    progress: progress.percent,
    progress_detail: progressView(progress),
    enabled: row.enabled,
    requested: row.requested,
    prelaunched: row.prelaunched,
    file_state: row.fileState,
  };
}

/** The tasks of an organisation's years, oldest first, and the percent per year keyed by year. */
export function yearTasks(organisationId: string, rows: YearRow[], snapshots: Map<string, YearSnapshot>) {
  const tasks = [...rows]
    .sort((a, b) => a.year - b.year)
    .map((row) => yearTask(row, snapshots.get(yearKey(organisationId, row.year))));
  return {
    main_tasks: tasks,
    progress: Object.fromEntries(tasks.map((task) => [String(task.year), task.progress])),
  };
}
