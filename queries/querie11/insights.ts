/**
 * querie11 in words (README.md, "Insights"): what leakage costs and what the recapture asked for is
 * worth, the dollars of care performed outside the service area, revenue today against revenue in
 * five years, and, where a reference year exists, how the largest line's market moved since it.
 * Every dollar is at the market's average paid, and each sentence says so.
 */
import {
  counted,
  countWords,
  dollarWords,
  type InsightsWriter,
  listWords,
  percentWords,
  SERVICE_LINE_LABELS,
  type ServiceLine,
  sentence,
} from "../../server/engine/index.ts";

interface GrowthLine {
  service: string;
  market_cases: number;
  trend_rate: number | null;
  trend_clipped: boolean;
}

/** What the sentences read of the answer. */
export interface GrowthAnswer {
  growth_totals: {
    leaked_revenue: number;
    outmigrated_revenue: number;
    outmigrated_own_revenue: number;
    revenue_today: number;
    recaptured_revenue: number;
    revenue_five_years: number;
    horizon_years: number;
    trend_years: number;
    lines_without_price: string[];
  };
  growth_what_if: Array<{ cases: number }>;
  growth_table: GrowthLine[];
  outmigrated_revenue_facilities: Array<{ name: string; cases: number; revenue: number | null }>;
}

export const growthInsights: InsightsWriter<GrowthAnswer> = ({ results, filters, reference_year }) => {
  const totals = results.growth_totals;
  // Dollars of nothing (no leaked case, or none priced) are not spoken of.
  const leaked = counted(totals.leaked_revenue);
  const recapture = filters.numbers?.recapture_pct;
  const destination = results.outmigrated_revenue_facilities[0];
  const today = counted(totals.revenue_today);
  // The largest line of the market with a trend (none with one market year).
  const trendIndex = results.growth_table.reduce(
    (best, line, index) =>
      line.trend_rate !== null &&
      (best === -1 || line.market_cases > results.growth_table[best]!.market_cases)
        ? index
        : best,
    -1,
  );
  const trend = totals.trend_years > 0 ? results.growth_table[trendIndex] : undefined;
  // A line without a price is left out of every dollar total: the leakage sentence says which.
  const unpriced = totals.lines_without_price.map((line) => SERVICE_LINE_LABELS[line as ServiceLine] ?? line);
  const leftOut =
    unpriced.length > 0
      ? ` (${listWords(unpriced)} ${unpriced.length === 1 ? "has" : "have"} no price and ${unpriced.length === 1 ? "is" : "are"} left out)`
      : "";
  return [
    recapture
      ? sentence(
          {
            leaked: ["results.growth_totals.leaked_revenue", leaked],
            recapture: ["filters.numbers.recapture_pct", recapture],
            recaptured: ["results.growth_totals.recaptured_revenue", totals.recaptured_revenue],
          },
          ({ leaked, recapture, recaptured }) =>
            `Cases your providers referred out cost about ${dollarWords(leaked)} a year at the market's average paid${leftOut}; a ${countWords(recapture)}% recapture is worth ${dollarWords(recaptured)} a year.`,
        )
      : sentence(
          { leaked: ["results.growth_totals.leaked_revenue", leaked] },
          ({ leaked }) =>
            `Cases your providers referred out cost about ${dollarWords(leaked)} a year at the market's average paid${leftOut}.`,
        ),
    // Your own cases performed outside (README, the split) are in revenue today too: said when any.
    counted(totals.outmigrated_own_revenue)
      ? sentence(
          {
            outmigrated: ["results.growth_totals.outmigrated_revenue", counted(totals.outmigrated_revenue)],
            own: ["results.growth_totals.outmigrated_own_revenue", counted(totals.outmigrated_own_revenue)],
            revenue: ["results.outmigrated_revenue_facilities.0.revenue", destination?.revenue],
            cases: ["results.outmigrated_revenue_facilities.0.cases", destination?.cases],
          },
          ({ outmigrated, own, revenue, cases }) =>
            `Care performed outside the service area was worth about ${dollarWords(outmigrated)} at the market's average paid, ${dollarWords(own)} of it your own cases (counted in your revenue today too); ${destination!.name} took the most (${dollarWords(revenue)}, ${countWords(cases)} cases).`,
        )
      : sentence(
          {
            outmigrated: ["results.growth_totals.outmigrated_revenue", counted(totals.outmigrated_revenue)],
            revenue: ["results.outmigrated_revenue_facilities.0.revenue", destination?.revenue],
            cases: ["results.outmigrated_revenue_facilities.0.cases", destination?.cases],
          },
          ({ outmigrated, revenue, cases }) =>
            `Care performed outside the service area was worth about ${dollarWords(outmigrated)} at the market's average paid; ${destination!.name} took the most (${dollarWords(revenue)}, ${countWords(cases)} cases).`,
        ),
    sentence(
      {
        cases: ["results.growth_what_if.0.cases", results.growth_what_if[0]?.cases],
        today: ["results.growth_totals.revenue_today", today],
        later: ["results.growth_totals.revenue_five_years", totals.revenue_five_years],
        years: ["results.growth_totals.horizon_years", totals.horizon_years],
      },
      ({ cases, today, later, years }) =>
        `At the market's average paid your ${countWords(cases)} cases are worth ${dollarWords(today)} a year; with the recapture, the ASC shift and the population's demand, ${dollarWords(later)} in ${countWords(years)} years.`,
    ),
    sentence(
      {
        since: ["reference_year", reference_year],
        rate: [`results.growth_table.${trendIndex}.trend_rate`, trend?.trend_rate],
      },
      ({ since, rate }) =>
        `The ${trend!.service} market ${rate > 0 ? "grew" : rate < 0 ? "shrank" : "held"} ${rate === 0 ? "steady" : `${percentWords(Math.abs(rate))} a year`} since ${since}${trend!.trend_clipped ? " (a rate clipped at the trend's limit)" : ""}.`,
    ),
  ];
};
