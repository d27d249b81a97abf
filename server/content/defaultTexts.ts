import { growthTexts } from "../../queries/querie11/texts.ts";

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

export const defaultQueryTexts = {
  querie1: {
    title: "Sx Market Share",
    description:
      "Surgical cases of your service area by competitor facility and surgeon, with your own share.",
    chart_title1: "Your practice and competitor facilities",
    chart_title2: "Competitor surgeons",
  },
  querie2: {
    title: "Referral Targets",
    description:
      "Referring physicians of your service area: who sends cases to competitors, and who sends them to you.",
    table_title1: "Referrers sending most cases to competitors",
    table_title2: "Referrers sending most cases to you",
  },
  querie3: {
    title: "Subspecialty Mix",
    description:
      "Your surgical mix by service line against the market's; differences beyond 10 points are highlighted.",
    chart_title: "Mix by service line",
    table_title: "Customer and market mix",
  },
  querie4: {
    title: "Facility Partnerships",
    description: "Where your surgeons operate, and which surgeons operate at your facilities.",
    chart_title1: "Facilities used by your surgeons",
    chart_title2: "Surgeons at your facilities",
    table_title1: "Facilities",
    table_title2: "Surgeons",
  },
  querie5: {
    title: "Location Footprint",
    description:
      "Your patients by zip code around your locations, and the share living within a 15-minute drive.",
    map_title: "Patient volume by zip code",
    table_title: "Volume inside and outside the drive-time areas",
  },
  querie6: {
    title: "Site of Care",
    description:
      "How surgical cases split across inpatient, outpatient, ASC and office settings, for you and for the market.",
    chart_title: "Setting mix by surgical service",
    table_title: "Site of care",
  },
  querie7: {
    title: "Revenue by Service",
    description: "Paid amounts of your practice data by service group and service.",
    chart_title1: "Revenue by group",
    chart_title2: "Revenue by service",
  },
  querie8: {
    title: "Leakage",
    description: "Cases referred by your own providers that were performed by competitors.",
    table_title1: "Leakage by service",
    table_title2: "Competitors receiving leaked cases",
  },
  querie9: {
    title: "Outmigration",
    description: "Patients of your service area who had surgery at a facility outside it.",
    map_title: "Outmigration by zip code",
  },
  querie10: {
    title: "Service Maturity",
    description:
      "Change against your reference year in volume, share, ASC shift, provider depth and referral base.",
    chart_title: "Maturity by service line",
    table_title: "Maturity components",
  },
  querie11: growthTexts,
  scoring: {
    title: "Strategic Vitality Score",
    description: "Five dimensions scored from 0 to 20 and their weighted total.",
    market_alignement_text: "How well your service mix and sites match the market's demand.",
    centricity_text: "How easily patients reach and navigate your care.",
    competitive_comparison_text: "Your share of the market against competitors.",
    partnerships_text: "The strength of your referral and facility relationships.",
    service_mix_and_strength_text: "The breadth and growth of your services.",
  },
};
