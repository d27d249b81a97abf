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

/** The words after a facility of the practice's own ({own} in the templates). */
const OWN = ", your own facility";

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
      "insight_facility",
      {
        total: ["results.facilities_total", facilitiesTotal],
        share: [`${top?.at}.percentage`, top?.slice.percentage],
        cases: [`${top?.at}.cases`, top?.slice.cases],
      },
      ({ total, share, cases }) => ({
        total: casesWords(total),
        name: top!.slice.name,
        own: top!.slice.own ? OWN : "",
        share: percentWords(share),
        cases: casesWords(cases),
      }),
    ),
    sentence(
      top?.slice.own ? "insight_partner" : "insight_next",
      {
        share: [`${next?.at}.percentage`, next?.slice.percentage],
        cases: [`${next?.at}.cases`, next?.slice.cases],
      },
      ({ share, cases }) => ({
        name: next!.slice.name,
        own: next!.slice.own ? OWN : "",
        share: percentWords(share),
        cases: casesWords(cases),
      }),
    ),
    sentence(
      "insight_surgeon",
      {
        total: ["results.providers_total", providersTotal],
        share: [`${outsider?.at}.percentage`, outsider?.slice.percentage],
        cases: [`${outsider?.at}.cases`, outsider?.slice.cases],
      },
      ({ total, share, cases }) => ({
        name: outsider!.slice.name,
        share: percentWords(share),
        total: countWords(total),
        cases: countWords(cases),
      }),
    ),
  ];
};
