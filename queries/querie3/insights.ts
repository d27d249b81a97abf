/**
 * querie3 in words: the line where the practice's mix is furthest above the market's, and the one
 * furthest below (README.md, "Insights").
 */
import {
  counted,
  countWords,
  type InsightsWriter,
  percentWords,
  pointsWords,
  sentence,
} from "../../server/engine/index.ts";

interface MixRow {
  service: string;
  customer_mix: number;
  market_mix: number;
  differential: number;
}

/** What the sentences read of the answer. */
export interface MixAnswer {
  subspecialty_mix: MixRow[];
  customer_surgical_cases: number;
  market_surgical_cases: number;
}

type MixTotal = "customer" | "market";
type MixFigure = "customerMix" | "marketMix" | "differential";

export const mixInsights: InsightsWriter<MixAnswer> = ({ results }) => {
  // A mix of no case is no mix: either side empty, nothing is said.
  const customer = counted(results.customer_surgical_cases);
  const market = counted(results.market_surgical_cases);
  const rows = results.subspecialty_mix.map((row, index) => ({ row, index }));
  const widest = (direction: 1 | -1) =>
    rows
      .filter(({ row }) => direction * row.differential > 0)
      .sort((a, b) => direction * (b.row.differential - a.row.differential))[0];
  const line = (direction: 1 | -1, total: MixTotal, template: "insight_above" | "insight_below") => {
    const found = widest(direction);
    const at = `results.subspecialty_mix.${found?.index}`;
    const totals = {
      customer: ["results.customer_surgical_cases", customer],
      market: ["results.market_surgical_cases", market],
    } as const;
    return sentence(
      template,
      {
        [total]: totals[total],
        // A mix needs cases on both sides.
        customerMix: [
          `${at}.customer_mix`,
          customer === null || market === null ? null : found?.row.customer_mix,
        ],
        marketMix: [`${at}.market_mix`, found?.row.market_mix],
        differential: [`${at}.differential`, found?.row.differential],
      },
      (figures) => {
        const values = figures as Record<MixTotal | MixFigure, number>;
        return {
          service: found!.row.service,
          customer_mix: percentWords(values.customerMix),
          market_mix: percentWords(values.marketMix),
          cases: countWords(values[total]),
          difference: pointsWords(values.differential),
        };
      },
    );
  };
  return [line(1, "customer", "insight_above"), line(-1, "market", "insight_below")];
};
