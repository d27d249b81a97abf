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
          "insight_leakage_recapture",
          {
            leaked: ["results.growth_totals.leaked_revenue", leaked],
            recapture: ["filters.numbers.recapture_pct", recapture],
            recaptured: ["results.growth_totals.recaptured_revenue", totals.recaptured_revenue],
          },
          ({ leaked, recapture, recaptured }) => ({
            leaked: dollarWords(leaked),
            left_out: leftOut,
            recapture: countWords(recapture),
            recaptured: dollarWords(recaptured),
          }),
        )
      : sentence(
          "insight_leakage",
          { leaked: ["results.growth_totals.leaked_revenue", leaked] },
          ({ leaked }) => ({ leaked: dollarWords(leaked), left_out: leftOut }),
        ),
    // Your own cases performed outside (README, the split) are in revenue today too: said when any.
    counted(totals.outmigrated_own_revenue)
      ? sentence(
          "insight_outmigrated_own",
          {
            outmigrated: ["results.growth_totals.outmigrated_revenue", counted(totals.outmigrated_revenue)],
            own: ["results.growth_totals.outmigrated_own_revenue", counted(totals.outmigrated_own_revenue)],
            revenue: ["results.outmigrated_revenue_facilities.0.revenue", destination?.revenue],
            cases: ["results.outmigrated_revenue_facilities.0.cases", destination?.cases],
          },
          ({ outmigrated, own, revenue, cases }) => ({
            outmigrated: dollarWords(outmigrated),
            own: dollarWords(own),
            name: destination!.name,
            revenue: dollarWords(revenue),
            cases: countWords(cases),
          }),
        )
      : sentence(
          "insight_outmigrated",
          {
            outmigrated: ["results.growth_totals.outmigrated_revenue", counted(totals.outmigrated_revenue)],
            revenue: ["results.outmigrated_revenue_facilities.0.revenue", destination?.revenue],
            cases: ["results.outmigrated_revenue_facilities.0.cases", destination?.cases],
          },
          ({ outmigrated, revenue, cases }) => ({
            outmigrated: dollarWords(outmigrated),
            name: destination!.name,
            revenue: dollarWords(revenue),
            cases: countWords(cases),
          }),
        ),
    sentence(
      "insight_revenue",
      {
        cases: ["results.growth_what_if.0.cases", results.growth_what_if[0]?.cases],
        today: ["results.growth_totals.revenue_today", today],
        later: ["results.growth_totals.revenue_five_years", totals.revenue_five_years],
        years: ["results.growth_totals.horizon_years", totals.horizon_years],
      },
      ({ cases, today, later, years }) => ({
        cases: countWords(cases),
        today: dollarWords(today),
        later: dollarWords(later),
        years: countWords(years),
      }),
    ),
    sentence(
      "insight_trend",
      {
        since: ["reference_year", reference_year],
        rate: [`results.growth_table.${trendIndex}.trend_rate`, trend?.trend_rate],
      },
      ({ since, rate }) => ({
        service: trend!.service,
        moved:
          rate === 0
            ? "held steady"
            : `${rate > 0 ? "grew" : "shrank"} ${percentWords(Math.abs(rate))} a year`,
        since: String(since),
        clipped: trend!.trend_clipped ? " (a rate clipped at the trend's limit)" : "",
      }),
    ),
  ];
};
