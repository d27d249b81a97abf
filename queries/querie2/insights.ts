/**
 * querie2 in words: the referrer sending most cases to competitors (the first outreach target) and
 * the practice's strongest referral partner (README.md, "Insights").
 */
import {
  areaWords,
  counted,
  countWords,
  type InsightsWriter,
  percentWords,
  sentence,
} from "../../server/engine/index.ts";

interface Referrer {
  npi: string;
  name: string | null;
  total: number;
  customer: number;
  competitors: number;
  customer_share: number;
}

/** What the sentences read of the answer. */
export interface ReferralAnswer {
  referral_targets: Referrer[];
  referral_partners: Referrer[];
  referrers_count: number;
}

const nameOf = (referrer: Referrer) => referrer.name ?? `NPI ${referrer.npi}`;

export const referralInsights: InsightsWriter<ReferralAnswer> = ({ results, filters }) => {
  const target = results.referral_targets[0];
  const partner = results.referral_partners[0];
  return [
    sentence(
      "insight_target",
      {
        referrers: ["results.referrers_count", counted(results.referrers_count)],
        competitors: ["results.referral_targets.0.competitors", target?.competitors],
        total: ["results.referral_targets.0.total", target?.total],
        share: ["results.referral_targets.0.customer_share", target?.customer_share],
      },
      ({ referrers, competitors, total, share }) => ({
        referrers: countWords(referrers),
        area: areaWords(filters.service_area),
        name: nameOf(target!),
        competitors: countWords(competitors),
        total: countWords(total),
        share: percentWords(share),
      }),
    ),
    sentence(
      "insight_partner",
      {
        customer: ["results.referral_partners.0.customer", partner?.customer],
        total: ["results.referral_partners.0.total", partner?.total],
        share: ["results.referral_partners.0.customer_share", partner?.customer_share],
      },
      ({ customer, total, share }) => ({
        name: nameOf(partner!),
        cases: countWords(customer),
        total: countWords(total),
        share: percentWords(share),
      }),
    ),
  ];
};
