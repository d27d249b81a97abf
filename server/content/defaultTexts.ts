/**
 * The texts a fresh installation starts with; staff edit them in Manage contents. Descriptions say
 * what each number means (analyses.md), in the customer's words.
 */
export const defaultContents = {
  aboutText:
    "<h2>Vitality</h2><p>Vitality measures the market position of orthopaedic and musculoskeletal practices: market share, referral patterns, leakage, outmigration, site of care and service maturity, summarised in a Strategic Vitality Score.</p>",
  licenceText:
    "<p>Vitality is licensed per user under the End User Licence Agreement that accompanies your organisation's Master Service Agreement.</p>",
  copyrightText:
    "<p>© 2026 Vitality. All rights reserved. Market data is synthetic in this demonstration.</p>",
};

/**
 * The Vitality Score screen's texts (edited beside the analyses' in Query texts). The analyses'
 * own default texts are in their folders (queries/<id>/texts.ts), collected by
 * server/content/queryTexts.ts on the server and web/src/analyses/texts.ts in the back office.
 */
export const scoringTexts = {
  title: "Strategic Vitality Score",
  description: "Five dimensions scored from 0 to 20 and their weighted total.",
  market_alignement_text: "How well your service mix and sites match the market's demand.",
  centricity_text: "How easily patients reach and navigate your care.",
  competitive_comparison_text: "Your share of the market against competitors.",
  partnerships_text: "The strength of your referral and facility relationships.",
  service_mix_and_strength_text: "The breadth and growth of your services.",
};
