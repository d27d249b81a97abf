import { ANALYSES_NOT_OPEN, ANALYSES_NOT_OPEN_TITLE } from "./analysesOpen.ts";
import type { ChartDescriptor, TableDescriptor } from "./types.ts";

/**
 * Why an analysis, a chart or a table shows nothing drawn (issue 32: one honest state, never a
 * chart of zeros that mean "nothing"): nothing matches the filters; the figure compares two years
 * and the result has one; the organisation's analyses are not open yet; no line has a price.
 */
export type EmptyStateKind = "no-data" | "one-year" | "not-initialized" | "no-price";

export const EMPTY_STATES: Record<EmptyStateKind, { title: string; text: string }> = {
  "no-data": {
    title: "No data for these filters",
    text: "Nothing in this year's data matches them: choose more service lines or service-area types, or another year, in Filters.",
  },
  "one-year": {
    title: "A second year is needed",
    text: "This figure compares the year with the reference (oldest) year; it is shown once a later year is chosen.",
  },
  "not-initialized": { title: ANALYSES_NOT_OPEN_TITLE, text: ANALYSES_NOT_OPEN },
  "no-price": {
    title: "No price",
    text: "No service line of these filters has a paid amount in the market or in your data, so there are no dollars to show.",
  },
};

/**
 * The state a chart or table shows in its place, if any: the result's note (its kind declared by
 * the descriptor, `noteKind`; one-year by default, as querie10's), else no rows: no data.
 */
export function emptyStateOf(
  item: Pick<ChartDescriptor | TableDescriptor, "noteKind">,
  note: string | undefined,
  rowCount: number | undefined,
): { kind: EmptyStateKind; text: string } | undefined {
  if (note !== undefined) return { kind: item.noteKind ?? "one-year", text: note };
  if (rowCount === 0) return { kind: "no-data", text: EMPTY_STATES["no-data"].text };
  return undefined;
}
