/**
 * The arithmetic of querie11 (README.md), in small named functions over the rows of its three
 * statements: prices, five-year demand by the two methods, and the what-if steps.
 */

/** The trend's yearly growth is clipped to this range (-15% .. +15% a year). */
export const TREND_CLIP = 0.15;
/** Demand is projected this many years ahead. */
export const HORIZON_YEARS = 5;

export interface PriceRow {
  source: "market" | "practice";
  service_line: string;
  setting: string | null;
  paid: number;
  cases: number;
}

export interface LinePrice {
  /** Σ paid / Σ cases; null when neither the market nor the practice has a paid amount: "no price". */
  average_paid: number | null;
  price_source: "market" | "practice" | null;
  /** The market's average paid of the line per setting (settings with paid amounts only). */
  bySetting: Record<string, number>;
}

const ratio = (paid: number, cases: number) => (cases === 0 ? null : paid / cases);

/** The line's average paid: the market's, else the practice's own per surgical case, else null. */
export function linePrice(rows: readonly PriceRow[], line: string): LinePrice {
  const market = rows.filter((row) => row.source === "market" && row.service_line === line);
  const bySetting: Record<string, number> = {};
  for (const row of market) {
    const average = row.setting === null ? null : ratio(row.paid, row.cases);
    if (average !== null && row.setting !== null) bySetting[row.setting] = average;
  }
  const marketAverage = ratio(
    market.reduce((sum, row) => sum + row.paid, 0),
    market.reduce((sum, row) => sum + row.cases, 0),
  );
  if (marketAverage !== null) return { average_paid: marketAverage, price_source: "market", bySetting };
  const practice = rows.find((row) => row.source === "practice" && row.service_line === line);
  const practiceAverage = practice ? ratio(practice.paid, practice.cases) : null;
  return practiceAverage === null
    ? { average_paid: null, price_source: null, bySetting }
    : { average_paid: practiceAverage, price_source: "practice", bySetting };
}

/** Cases times a price; null (no price) stays null, never 0. */
export const dollars = (cases: number, price: number | null) => (price === null ? null : cases * price);

/** Σ of the amounts that have a price (lines without one are left out of totals). */
export const sumPriced = (values: ReadonlyArray<number | null>) =>
  values.reduce<number>((sum, value) => sum + (value ?? 0), 0);

export interface ZipDemandRow {
  zipcode: string;
  area_types: string[];
  population: number | null;
  projected_population_5y: number | null;
  service_line: string | null;
  cases: number;
}

/** A zip's five-year population factor, or null when it has no projection (or no population). */
export function populationFactor(row: Pick<ZipDemandRow, "population" | "projected_population_5y">) {
  const { population, projected_population_5y: projected } = row;
  if (projected === null || population === null || population <= 0) return null;
  return projected / population;
}

export interface PopulationDemand {
  cases: number;
  demand: number;
  /** Zips with cases but no projection: they keep their cases. */
  zips_without_projection: number;
}

/** Method (a): Σ over zips of cases × projected / population; a zip without a projection keeps its cases. */
export function populationDemand(rows: readonly ZipDemandRow[]): PopulationDemand {
  let cases = 0;
  let demand = 0;
  const unprojected = new Set<string>();
  for (const row of rows) {
    if (row.cases === 0) continue;
    const factor = populationFactor(row);
    cases += row.cases;
    demand += factor === null ? row.cases : row.cases * factor;
    if (factor === null) unprojected.add(row.zipcode);
  }
  return { cases, demand, zips_without_projection: unprojected.size };
}

export interface TrendDemand {
  /** The compound yearly growth in percent, after the clip; null without two years or reference cases. */
  trend_rate: number | null;
  /** The yearly growth before the clip, in percent. */
  trend_rate_unclipped: number | null;
  trend_clipped: boolean;
  demand: number | null;
}

/** Method (b): compound yearly growth from the reference year, clipped to ±15%, applied for five years. */
export function trendDemand(today: number, reference: number, years: number): TrendDemand {
  if (years <= 0 || reference <= 0)
    return { trend_rate: null, trend_rate_unclipped: null, trend_clipped: false, demand: null };
  const rate = (today / reference) ** (1 / years) - 1;
  const clipped = Math.min(TREND_CLIP, Math.max(-TREND_CLIP, rate));
  return {
    trend_rate: clipped * 100,
    trend_rate_unclipped: rate * 100,
    trend_clipped: clipped !== rate,
    demand: today * (1 + clipped) ** HORIZON_YEARS,
  };
}

/**
 * The ASC shift's revenue change: the moved cases paid at the market's ASC average instead of its
 * outpatient one; 0 when the market lacks either price for the line (nothing to compare).
 */
export function shiftRevenue(moved: number, bySetting: Record<string, number>) {
  const asc = bySetting.ASC;
  const outpatient = bySetting.OP;
  if (asc === undefined || outpatient === undefined) return { revenue: 0, priced: false };
  return { revenue: moved * (asc - outpatient), priced: true };
}

export interface WaterfallStep {
  step: string;
  label: string;
  /** Where the bar starts and ends: a running total. */
  start: number;
  end: number;
  amount: number;
  /** A step of amount 0 is neither an increase nor a decrease: "no change". */
  kind: "total" | "increase" | "decrease" | "no change";
}

/** The kind of a change step by the sign of its amount. */
export const stepKind = (amount: number): WaterfallStep["kind"] =>
  amount > 0 ? "increase" : amount < 0 ? "decrease" : "no change";

/** Today's revenue, then each change as a floating bar, then the total in five years. */
export function waterfall(
  today: number,
  changes: ReadonlyArray<{ step: string; label: string; amount: number }>,
) {
  const steps: WaterfallStep[] = [
    { step: "today", label: "Revenue today", start: 0, end: today, amount: today, kind: "total" },
  ];
  let running = today;
  for (const change of changes) {
    steps.push({
      ...change,
      start: running,
      end: running + change.amount,
      kind: stepKind(change.amount),
    });
    running += change.amount;
  }
  steps.push({
    step: "five_years",
    label: "Revenue in five years",
    start: 0,
    end: running,
    amount: running,
    kind: "total",
  });
  return steps;
}

/**
 * Where the waterfall's revenue axis starts: below the lowest running total by twice the span of
 * the changes, rounded down to a round figure, never below 0. The totals' bars are drawn from it
 * (`bar_start`), so a change of $50,000 on $5 million is a bar and not a sliver; the axis's first
 * label says where it starts. 0 when nothing changes.
 */
export function waterfallFloor(steps: readonly Pick<WaterfallStep, "start" | "end" | "kind">[]): number {
  const values = steps.flatMap((step) => (step.kind === "total" ? [step.end] : [step.start, step.end]));
  if (values.length === 0) return 0;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const floor = low - 2 * (high - low);
  if (high <= low || floor <= 0) return 0;
  const unit = 10 ** Math.floor(Math.log10(high - floor));
  return Math.floor(floor / unit) * unit;
}

/** The steps with where each bar is drawn from: a total from the axis floor, a change from its start. */
export function drawnWaterfall<Step extends WaterfallStep>(steps: readonly Step[]) {
  const floor = waterfallFloor(steps);
  return steps.map((step) => ({ ...step, bar_start: step.kind === "total" ? floor : step.start }));
}
