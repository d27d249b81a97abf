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
  const partner = firstSlice(results.facilities_pie, "facilities_pie", (slice) => !slice.own);
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
    // Said only when it is not the facility above.
    partner && partner.slice !== top?.slice
      ? sentence(
          {
            total: ["results.facilities_total", facilitiesTotal],
            share: [`${partner.at}.percentage`, partner.slice.percentage],
            cases: [`${partner.at}.cases`, partner.slice.cases],
          },
          ({ share, cases }) =>
            `Their busiest partner facility is ${partner.slice.name}: ${percentWords(share)} (${casesWords(cases)}).`,
        )
      : null,
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
