/**
 * querie6 in words: the practice's ASC and inpatient shares against its competitors', pooled over
 * the chosen lines, and the line where their ASC shares differ most (README.md, "Insights").
 */
import {
  FACILITY_TYPES,
  type InsightsWriter,
  linesCasesWords,
  percentWords,
  SERVICE_LINE_LABELS,
  type ServiceLine,
  sentence,
} from "../../server/engine/index.ts";

type Setting = (typeof FACILITY_TYPES)[number];
type Side = "competitor" | "customer";

/** What the sentences read of the answer. */
export interface SiteOfCareAnswer {
  average_site_of_care_settings: Record<Setting, Record<Side, number>>;
  overall_surgical_market_site_of_care: Record<
    string,
    Record<Setting, Record<Side, { market_share: number }>>
  >;
}

/**
 * A side's shares across the settings sum to 100, or to 0 when it has no case (a share of nothing
 * is 0): only a side with cases is spoken of.
 */
const hasCases = (shares: (setting: Setting) => number) =>
  FACILITY_TYPES.reduce((sum, setting) => sum + shares(setting), 0) > 0;

export const siteOfCareInsights: InsightsWriter<SiteOfCareAnswer> = ({ results, filters }) => {
  const pooled = results.average_site_of_care_settings;
  const bothPooled =
    hasCases((setting) => pooled[setting].customer) && hasCases((setting) => pooled[setting].competitor);
  const pooledShares = (setting: Setting) =>
    ({
      customer: [
        `results.average_site_of_care_settings.${setting}.customer`,
        bothPooled ? pooled[setting].customer : null,
      ],
      competitor: [`results.average_site_of_care_settings.${setting}.competitor`, pooled[setting].competitor],
    }) as const;
  const cases = linesCasesWords(filters.servicelines);

  // The line whose ASC shares differ most, among lines where both sides have cases.
  const byLine = results.overall_surgical_market_site_of_care;
  const widest = Object.keys(byLine)
    .filter((line) =>
      (["customer", "competitor"] as const).every((side) =>
        hasCases((setting) => byLine[line]![setting][side].market_share),
      ),
    )
    .map((line) => ({ line, asc: byLine[line]!.ASC }))
    .sort(
      (a, b) =>
        Math.abs(b.asc.customer.market_share - b.asc.competitor.market_share) -
        Math.abs(a.asc.customer.market_share - a.asc.competitor.market_share),
    )[0];
  const at = `results.overall_surgical_market_site_of_care.${widest?.line}.ASC`;
  return [
    sentence("insight_asc", pooledShares("ASC"), ({ customer, competitor }) => ({
      customer: percentWords(customer),
      lines: cases,
      competitors: percentWords(competitor),
    })),
    sentence("insight_inpatient", pooledShares("IP"), ({ customer, competitor }) => ({
      customer: percentWords(customer),
      competitors: percentWords(competitor),
    })),
    widest && filters.servicelines.length > 1
      ? sentence(
          "insight_widest",
          {
            customer: [`${at}.customer.market_share`, widest.asc.customer.market_share],
            competitor: [`${at}.competitor.market_share`, widest.asc.competitor.market_share],
          },
          ({ customer, competitor }) => ({
            line: SERVICE_LINE_LABELS[widest.line as ServiceLine] ?? widest.line,
            customer: percentWords(customer),
            competitors: percentWords(competitor),
          }),
        )
      : null,
  ];
};
