/**
 * querie8 in words: the line whose referred cases leak most, who receives them, and the line that
 * leaks the largest share when it is another (README.md, "Insights").
 */
import { countWords, type InsightsWriter, percentWords, sentence } from "../../server/engine/index.ts";

interface LeakageRow {
  service: string;
  cases_leeked: number;
  total: number;
  percentage: number;
}

/** What the sentences read of the answer. */
export interface LeakageAnswer {
  leakage_table: LeakageRow[];
  leakage_provider_table: Array<{ competitors: Array<{ name: string; volume: number }> }>;
}

export const leakageInsights: InsightsWriter<LeakageAnswer> = ({ results }) => {
  // Lines that leaked at least one case (a line with no referral has no leakage to speak of).
  const leaking = results.leakage_table
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.cases_leeked > 0);
  const most = [...leaking].sort((a, b) => b.row.cases_leeked - a.row.cases_leeked || a.index - b.index)[0];
  const steepest = [...leaking].sort((a, b) => b.row.percentage - a.row.percentage || a.index - b.index)[0];
  const line = (found: typeof most) =>
    ({
      total: [`results.leakage_table.${found?.index}.total`, found?.row.total],
      leaked: [`results.leakage_table.${found?.index}.cases_leeked`, found?.row.cases_leeked],
      share: [`results.leakage_table.${found?.index}.percentage`, found?.row.percentage],
    }) as const;
  const receiver = most ? results.leakage_provider_table[most.index]?.competitors[0] : undefined;
  return [
    sentence("insight_most", line(most), ({ total, leaked, share }) => ({
      total: countWords(total),
      service: most!.row.service,
      leaked: countWords(leaked),
      share: percentWords(share),
    })),
    sentence(
      "insight_receiver",
      { volume: [`results.leakage_provider_table.${most?.index}.competitors.0.volume`, receiver?.volume] },
      ({ volume }) => ({ name: receiver!.name, volume: countWords(volume) }),
    ),
    steepest && steepest !== most
      ? sentence("insight_steepest", line(steepest), ({ total, leaked, share }) => ({
          service: steepest.row.service,
          share: percentWords(share),
          total: countWords(total),
          leaked: countWords(leaked),
        }))
      : null,
  ];
};
