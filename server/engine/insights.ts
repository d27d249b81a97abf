/**
 * The finding in words (issue 32): each analysis's `insights` function (its folder's insights.ts)
 * reads its own answer and writes a few sentences, each with the raw numbers it cites. The engine
 * adds them to the answer as `insights`; the screen shows them above the charts, the exports and
 * the mailed report carry them. A figure is named by its dotted path in the answer
 * ("results.customer_market_share.market_share", "filters.numbers.recapture_pct",
 * "reference_year"), so a test, or an auditor, finds each one where the answer holds it.
 */
import { z } from "zod";
import type { Filters } from "./filters.ts";

export const insightSchema = z.strictObject({
  text: z.string().meta({ description: "One sentence, its figures rounded for reading." }),
  figures: z.record(z.string(), z.number()).meta({
    description:
      "The raw numbers the sentence cites, each named by its dotted path in this answer (results.…, filters.…, year, reference_year).",
  }),
});
export type Insight = z.infer<typeof insightSchema>;

/** What an analysis's insights read: its answer without them. */
export interface InsightAnswer<Result> {
  results: Result;
  filters: Filters;
  year: number;
  reference_year: number;
}

/** A folder's insights.ts: sentences over its answer; null for a sentence its data cannot support. */
export type InsightsWriter<Result> = (answer: InsightAnswer<Result>) => ReadonlyArray<Insight | null>;

/** The "2-4 sentences": an analysis writing more keeps its first four. */
export const MAX_INSIGHTS = 4;

type Figure = number | null | undefined;

const present = (value: Figure): value is number => typeof value === "number" && Number.isFinite(value);

/**
 * A sentence citing `figures` (a short name -> [its path in the answer, its value]), written by
 * `write` from the values by those names; none when a figure is missing (null, undefined, not a
 * finite number), so no sentence is ever written from data that is not there. A figure that is 0
 * only because nothing was counted is the caller's to leave out (`counted`).
 */
export function sentence<Name extends string>(
  figures: Record<Name, readonly [path: string, value: Figure]>,
  write: (values: Record<Name, number>) => string,
): Insight | null {
  const entries = Object.entries(figures) as [Name, readonly [string, Figure]][];
  if (!entries.every(([, [, value]]) => present(value))) return null;
  const values = Object.fromEntries(entries.map(([name, [, value]]) => [name, value])) as Record<
    Name,
    number
  >;
  return {
    text: write(values),
    figures: Object.fromEntries(entries.map(([, [path, value]]) => [path, value as number])),
  };
}

/** A count that says something: null when it is 0 (a share of nothing, a sum of no case). */
export const counted = (value: number | null | undefined) => (value === 0 ? null : value);

/** The sentences of an answer: at most four, each with every figure present. */
export function insightsOf<Result>(writer: InsightsWriter<Result>, answer: InsightAnswer<Result>): Insight[] {
  return writer(answer)
    .filter((insight): insight is Insight => insight !== null)
    .filter((insight) => Object.values(insight.figures).every(present))
    .slice(0, MAX_INSIGHTS);
}

/** The value at a dotted path of an answer ("results.growth_totals.leaked_revenue"). */
export function figureAt(answer: object, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], answer);
}
