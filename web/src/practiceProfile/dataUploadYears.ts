import type { Organization } from "../api/answers.ts";

/** How far back a first upload may reach: the product analyses recent years only. */
export const YEARS_BACK = 5;

export type YearStatus = "enabled" | "analysing" | "replaced" | "held" | "requested";

export interface YearLine {
  year: number;
  status: YearStatus;
  /** The oldest year asked for is the reference the later ones are compared with. */
  reference: boolean;
}

/**
 * Every year the organisation has, with where it stands: enabled (its analyses are open), being
 * analysed (data accepted, staff reviewing it) or requested by staff and still without data
 * (pending_years; the oldest of them is the reference year).
 */
export function yearLines(
  organization: Pick<
    Organization,
    "years" | "available_years" | "pending_years" | "replaced_years" | "held_years"
  >,
) {
  const all = [
    ...new Set([...organization.years, ...organization.available_years, ...organization.pending_years]),
  ].sort((a, b) => a - b);
  const reference = organization.pending_years.length > 0 ? Math.min(...organization.pending_years) : null;
  return all.map(
    (year): YearLine => ({
      year,
      status: organization.years.includes(year)
        ? "enabled"
        : organization.held_years.includes(year)
          ? "held"
          : organization.replaced_years.includes(year)
            ? "replaced"
            : organization.available_years.includes(year)
              ? "analysing"
              : "requested",
      reference: year === reference,
    }),
  );
}

/**
 * The years a file may be sent for: those staff asked for when there are any; otherwise (a first
 * upload) the last YEARS_BACK full years and the current one, with only last year ticked (the
 * latest full year of claims; the customer ticks more for a longer extract).
 */
export function uploadYearChoices(
  organization: Pick<Organization, "pending_years">,
  currentYear: number,
): { choices: number[]; selected: number[] } {
  if (organization.pending_years.length > 0) {
    const pending = [...organization.pending_years].sort((a, b) => a - b);
    return { choices: pending, selected: pending };
  }
  const choices = Array.from({ length: YEARS_BACK + 1 }, (_, index) => currentYear - YEARS_BACK + index);
  return { choices, selected: [currentYear - 1] };
}

export const STATUS_LABELS: Record<YearStatus, string> = {
  enabled: "Analyses open",
  analysing: "Being analysed by our team",
  replaced: "New data received: our team reviews it again",
  held: "Analyses open as reviewed; your newer data is being reviewed",
  requested: "Waiting for your file",
};
