/**
 * querie10 in words (README.md, "Insights"). With a reference year: how the practice's largest
 * line changed since it (cases, market share, ASC share) and which lines matured most and least.
 * With one year: that line's values this year, since a change needs a second year.
 */
import {
  changeWords,
  countWords,
  type InsightsWriter,
  percentWords,
  pointsWords,
  sentence,
  signedWords,
} from "../../server/engine/index.ts";
import type { Component } from "./components.ts";

interface LineRow {
  service_line: string;
  service: string;
}

/** What the sentences read of the answer. */
export interface MaturityAnswer {
  trend_note: string | null;
  maturity_values: Array<LineRow & Record<Component, number>>;
  maturity_total: Array<LineRow & { maturity: number }>;
  maturity_detail: Record<string, Record<Component, { reference: number; current: number }>>;
  maturity_component: Record<string, Record<Component, number>>;
}

export const maturityInsights: InsightsWriter<MaturityAnswer> = ({ results, year, reference_year }) => {
  const values = results.maturity_values.map((row, index) => ({ row, index }));
  // The practice's largest line this year (the first in the table's order on a tie).
  const main = values
    .filter(({ row }) => row.volume > 0)
    .sort((a, b) => b.row.volume - a.row.volume || a.index - b.index)[0];
  const valueAt = `results.maturity_values.${main?.index}`;

  if (results.trend_note !== null) {
    return [
      sentence(
        "insight_one_year",
        {
          year: ["year", year],
          volume: [`${valueAt}.volume`, main?.row.volume],
          share: [`${valueAt}.market_share`, main?.row.market_share],
          asc: [`${valueAt}.asc_shift`, main?.row.asc_shift],
        },
        ({ year, volume, share, asc }) => ({
          year: String(year),
          cases: countWords(volume),
          service: main!.row.service,
          share: percentWords(share),
          asc: percentWords(asc),
        }),
      ),
    ];
  }

  const line = main?.row.service_line ?? "";
  // A change is spoken of only from a year in which the line had cases (a change from 0 is 0).
  const from = (results.maturity_detail[line]?.volume.reference ?? 0) > 0 ? line : undefined;
  const detail = from === undefined ? undefined : results.maturity_detail[from];
  const change = from === undefined ? undefined : results.maturity_component[from];
  const detailAt = `results.maturity_detail.${line}`;
  const changeAt = `results.maturity_component.${line}`;
  // Lines with cases in either year, by maturity.
  const withCases = new Set(
    Object.entries(results.maturity_detail)
      .filter(([, components]) => components.volume.reference > 0 || components.volume.current > 0)
      .map(([serviceLine]) => serviceLine),
  );
  const ranked = results.maturity_total
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => withCases.has(row.service_line))
    .sort((a, b) => b.row.maturity - a.row.maturity || a.index - b.index);
  const maturity = (
    found: (typeof ranked)[number] | undefined,
    template: "insight_matured_most" | "insight_maturity" | "insight_declined_most",
  ) =>
    sentence(
      template,
      {
        since: ["reference_year", reference_year],
        score: [`results.maturity_total.${found?.index}.maturity`, found?.row.maturity],
      },
      ({ since, score }) => ({
        service: found!.row.service,
        since: String(since),
        score: signedWords(score),
      }),
    );
  const [best] = ranked;
  const worst = ranked.length > 1 ? ranked.at(-1) : undefined;
  return [
    sentence(
      "insight_since",
      {
        since: ["reference_year", reference_year],
        casesBefore: [`${detailAt}.volume.reference`, detail?.volume.reference],
        casesNow: [`${detailAt}.volume.current`, detail?.volume.current],
        casesChange: [`${changeAt}.volume`, change?.volume],
        shareBefore: [`${detailAt}.market_share.reference`, detail?.market_share.reference],
        shareNow: [`${detailAt}.market_share.current`, detail?.market_share.current],
        shareChange: [`${changeAt}.market_share`, change?.market_share],
      },
      (figures) => ({
        since: String(figures.since),
        service: main!.row.service,
        cases_before: countWords(figures.casesBefore),
        cases_now: countWords(figures.casesNow),
        cases_change: changeWords(figures.casesChange, percentWords),
        share_before: percentWords(figures.shareBefore),
        share_now: percentWords(figures.shareNow),
        share_change: changeWords(figures.shareChange, pointsWords),
      }),
    ),
    sentence(
      "insight_asc",
      {
        before: [`${detailAt}.asc_shift.reference`, detail?.asc_shift.reference],
        now: [`${detailAt}.asc_shift.current`, detail?.asc_shift.current],
        change: [`${changeAt}.asc_shift`, change?.asc_shift],
      },
      ({ before, now, change }) => ({
        before: percentWords(before),
        now: percentWords(now),
        change: changeWords(change, pointsWords),
      }),
    ),
    maturity(best, ranked.length > 1 ? "insight_matured_most" : "insight_maturity"),
    worst && worst.row.maturity < 0 ? maturity(worst, "insight_declined_most") : null,
  ];
};
