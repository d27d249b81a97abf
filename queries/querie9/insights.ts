/**
 * querie9 in words: how much of the service area's surgery is performed outside it, where the rest
 * stays, the line leaving most, and the zip whose patients leave most (README.md, "Insights").
 */
import {
  counted,
  countWords,
  type InsightsWriter,
  linesCasesWords,
  percentWords,
  sentence,
} from "../../server/engine/index.ts";

interface OutmigrationRow {
  service: string;
  PSA: number;
  SSA: number;
  TSA: number;
  OUTSIDE: number;
  total: number;
  percentage: number;
}

/** What the sentences read of the answer. */
export interface OutmigrationAnswer {
  outmigration_table: OutmigrationRow[];
  outmigration_filtred: [
    unknown,
    Record<string, { cases: number; outside_cases: number; percentage: number }>,
  ];
}

export const outmigrationInsights: InsightsWriter<OutmigrationAnswer> = ({ results, filters }) => {
  const table = results.outmigration_table;
  // The last row is "All services"; the others are the chosen lines.
  const allIndex = table.length - 1;
  const all = table[allIndex];
  const at = `results.outmigration_table.${allIndex}`;
  const total = counted(all?.total);
  const leaving = table
    .slice(0, -1)
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.OUTSIDE > 0)
    .sort((a, b) => b.row.percentage - a.row.percentage || a.index - b.index)[0];
  const zips = Object.entries(results.outmigration_filtred[1])
    .filter(([, zip]) => zip.outside_cases > 0)
    .sort(([a, x], [b, y]) => y.outside_cases - x.outside_cases || a.localeCompare(b));
  const [zipcode, zip] = zips[0] ?? [];
  const zipAt = `results.outmigration_filtred.1.${zipcode}`;
  return [
    sentence(
      "insight_outside",
      {
        share: [`${at}.percentage`, total === null ? null : all?.percentage],
        total: [`${at}.total`, total],
        outside: [`${at}.OUTSIDE`, all?.OUTSIDE],
      },
      ({ share, total, outside }) => ({
        share: percentWords(share),
        total: countWords(total),
        lines: linesCasesWords(filters.servicelines),
        outside: countWords(outside),
      }),
    ),
    sentence(
      "insight_areas",
      {
        // Counts of no case say nothing: none without a case in the service area.
        psa: [`${at}.PSA`, total === null ? null : all?.PSA],
        ssa: [`${at}.SSA`, all?.SSA],
        tsa: [`${at}.TSA`, all?.TSA],
      },
      ({ psa, ssa, tsa }) => ({ psa: countWords(psa), ssa: countWords(ssa), tsa: countWords(tsa) }),
    ),
    leaving && table.length > 2
      ? sentence(
          "insight_line",
          {
            share: [`results.outmigration_table.${leaving.index}.percentage`, leaving.row.percentage],
            outside: [`results.outmigration_table.${leaving.index}.OUTSIDE`, leaving.row.OUTSIDE],
            total: [`results.outmigration_table.${leaving.index}.total`, leaving.row.total],
          },
          ({ share, outside, total }) => ({
            service: leaving.row.service,
            share: percentWords(share),
            outside: countWords(outside),
            total: countWords(total),
          }),
        )
      : null,
    sentence(
      "insight_zip",
      {
        outside: [`${zipAt}.outside_cases`, zip?.outside_cases],
        cases: [`${zipAt}.cases`, zip?.cases],
        share: [`${zipAt}.percentage`, zip?.percentage],
      },
      ({ outside, cases, share }) => ({
        zip: zipcode!,
        outside: countWords(outside),
        cases: countWords(cases),
        share: percentWords(share),
      }),
    ),
  ];
};
