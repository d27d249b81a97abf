/**
 * querie4 in words: where the practice's surgeons operate most, their busiest partner facility,
 * and the busiest outside surgeon at the practice's facilities (README.md, "Insights").
 */
import {
  casesWords,
  counted,
  countWords,
  type InsightsWriter,
  percentWords,
  sentence,
} from "../../server/engine/index.ts";

interface Slice {
  npi: string | null;
  name: string;
  cases: number;
  own: boolean;
  percentage: number;
}

/** What the sentences read of the answer. */
export interface PartnershipAnswer {
  facilities_pie: Slice[];
  facilities_total: number;
  providers_pie: Slice[];
  providers_total: number;
}

/** The first slice of a pie matching `pick` (OTHER, npi null, is never one), with its path. */
function firstSlice(pie: Slice[], key: string, pick: (slice: Slice) => boolean) {
  const index = pie.findIndex((slice) => slice.npi !== null && pick(slice));
  return index === -1 ? undefined : { slice: pie[index]!, at: `results.${key}.${index}` };
}

export const partnershipInsights: InsightsWriter<PartnershipAnswer> = ({ results }) => {
  const facilitiesTotal = counted(results.facilities_total);
  const providersTotal = counted(results.providers_total);
  const top = firstSlice(results.facilities_pie, "facilities_pie", () => true);
  // After the facility above: their busiest partner when it is their own, else the next facility.
  const next = top?.slice.own
    ? firstSlice(results.facilities_pie, "facilities_pie", (slice) => !slice.own)
    : firstSlice(results.facilities_pie, "facilities_pie", (slice) => slice !== top?.slice);
  const outsider = firstSlice(results.providers_pie, "providers_pie", (slice) => !slice.own);
  return [
    sentence(
      {
        total: ["results.facilities_total", facilitiesTotal],
        share: [`${top?.at}.percentage`, top?.slice.percentage],
        cases: [`${top?.at}.cases`, top?.slice.cases],
      },
      ({ total, share, cases }) =>
        `Your surgeons performed ${casesWords(total)}; the most at ${top!.slice.name}${top!.slice.own ? ", your own facility" : ""}: ${percentWords(share)} (${casesWords(cases)}).`,
    ),
    sentence(
      {
        share: [`${next?.at}.percentage`, next?.slice.percentage],
        cases: [`${next?.at}.cases`, next?.slice.cases],
      },
      ({ share, cases }) =>
        top?.slice.own
          ? `Their busiest partner facility is ${next!.slice.name}: ${percentWords(share)} (${casesWords(cases)}).`
          : `Next came ${next!.slice.name}${next!.slice.own ? ", your own facility" : ""}: ${percentWords(share)} (${casesWords(cases)}).`,
    ),
    sentence(
      {
        total: ["results.providers_total", providersTotal],
        share: [`${outsider?.at}.percentage`, outsider?.slice.percentage],
        cases: [`${outsider?.at}.cases`, outsider?.slice.cases],
      },
      ({ total, share, cases }) =>
        `The busiest outside surgeon at your facilities, ${outsider!.slice.name}, performed ${percentWords(share)} of their ${countWords(total)} cases (${countWords(cases)}).`,
    ),
  ];
};
