/**
 * querie1 in words: the practice's share of M, the largest competitor facility and surgeon
 * (README.md, "Insights").
 */
import {
  areaWords,
  casesWords,
  counted,
  countWords,
  type InsightsWriter,
  linesCasesWords,
  percentWords,
  sentence,
} from "../../server/engine/index.ts";

interface Competitor {
  name: string;
  claims: number;
  market_share: number;
}

/** What the sentences read of the answer. */
export interface MarketShareAnswer {
  market_total: number;
  customer_market_share: { claims: number; market_share: number };
  competitor_market_share_facilities: Competitor[];
  competitor_market_share_providers: Competitor[];
}

export const marketShareInsights: InsightsWriter<MarketShareAnswer> = ({ results, filters }) => {
  // An empty market says nothing: no share is claimed from no case.
  const total = counted(results.market_total);
  const leader = (side: "facilities" | "providers") => {
    const key = `competitor_market_share_${side}` as const;
    const top = results[key][0];
    return sentence(
      `insight_${side}`,
      {
        share: [`results.${key}.0.market_share`, top?.market_share],
        claims: [`results.${key}.0.claims`, counted(top?.claims)],
      },
      ({ share, claims }) => ({ name: top!.name, share: percentWords(share), cases: casesWords(claims) }),
    );
  };
  return [
    sentence(
      "insight_share",
      {
        share: [
          "results.customer_market_share.market_share",
          total === null ? null : results.customer_market_share.market_share,
        ],
        claims: ["results.customer_market_share.claims", results.customer_market_share.claims],
        total: ["results.market_total", total],
      },
      ({ share, claims, total }) => ({
        area: areaWords(filters.service_area),
        share: percentWords(share),
        lines: linesCasesWords(filters.servicelines),
        cases: countWords(claims),
        total: countWords(total),
      }),
    ),
    leader("facilities"),
    leader("providers"),
  ];
};
