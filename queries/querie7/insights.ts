/**
 * querie7 in words: the practice's revenue of the year, the group bringing the most and its
 * leading service, and the next group (README.md, "Insights").
 */
import {
  counted,
  dollarWords,
  type InsightsWriter,
  percentWords,
  sentence,
} from "../../server/engine/index.ts";

interface Revenue {
  name: string;
  revenue: number;
  percentage: number;
}

/** What the sentences read of the answer. */
export interface RevenueAnswer {
  financial_impact_total: number;
  financial_impact_table: Array<Revenue & { services: Revenue[] }>;
}

/** Indexes of rows by revenue, largest first (ties in the table's order), those with revenue only. */
const largestFirst = (rows: Revenue[]) =>
  rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.revenue > 0)
    .sort((a, b) => b.row.revenue - a.row.revenue || a.index - b.index);

export const revenueInsights: InsightsWriter<RevenueAnswer> = ({ results, year }) => {
  // No revenue, no sentence: "0% of $0" says nothing.
  const total = counted(results.financial_impact_total);
  const [first, second] = largestFirst(results.financial_impact_table);
  const group = (found: typeof first) =>
    ({
      revenue: [`results.financial_impact_table.${found?.index}.revenue`, found?.row.revenue],
      share: [`results.financial_impact_table.${found?.index}.percentage`, found?.row.percentage],
    }) as const;
  const service = first ? largestFirst(results.financial_impact_table[first.index]!.services)[0] : undefined;
  const serviceAt = `results.financial_impact_table.${first?.index}.services.${service?.index}`;
  return [
    sentence(
      "insight_total",
      { year: ["year", year], total: ["results.financial_impact_total", total], ...group(first) },
      ({ year, total, revenue, share }) => ({
        year: String(year),
        total: dollarWords(total),
        group: first!.row.name,
        revenue: dollarWords(revenue),
        share: percentWords(share),
      }),
    ),
    sentence(
      "insight_service",
      {
        revenue: [`${serviceAt}.revenue`, service?.row.revenue],
        share: [`${serviceAt}.percentage`, service?.row.percentage],
      },
      ({ revenue, share }) => ({
        group: first!.row.name,
        service: service!.row.name,
        revenue: dollarWords(revenue),
        share: percentWords(share),
      }),
    ),
    sentence("insight_next", group(second), ({ revenue, share }) => ({
      group: second!.row.name,
      revenue: dollarWords(revenue),
      share: percentWords(share),
    })),
  ];
};
