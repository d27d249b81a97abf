import type { AnalysisTexts } from "../../server/engine/catalogue.ts";
import { catalogue } from "./catalogue.ts";

/**
 * The screen's texts a fresh installation starts with; staff edit them in Manage contents, Query
 * texts. Numbered titles go to the screen's charts, tables and maps in order. Plain data, collected
 * by the server's registry and by the back office's Query texts.
 */
export const texts = {
  title: catalogue.title,
  description:
    "Change against your reference year in volume, share, ASC shift, provider depth and referral base.",
  chart_title: "Maturity by service line",
  table_title: "Maturity components",
  table_title2: "This year's values",
  insight_one_year:
    "In {year} you performed {cases} {service} cases, {share} of the market's, {asc} of them in an ASC; a change needs a second year of data.",
  insight_since:
    "Since {since} your {service} cases went from {cases_before} to {cases_now} ({cases_change}) and your share of the market's from {share_before} to {share_now} ({share_change}).",
  insight_asc: "The share of them done in an ASC went from {before} to {now} ({change}).",
  insight_matured_most:
    "{service} matured most since {since}: a score of {score}, the mean of its five changes.",
  insight_maturity: "{service}'s maturity since {since} is {score}, the mean of its five changes.",
  insight_declined_most: "{service} declined most since {since}: a score of {score}.",
} satisfies AnalysisTexts;
