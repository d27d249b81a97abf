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
    "Referring physicians of your service area: who sends cases to competitors, and who sends them to you.",
  table_title1: "Referrers sending most cases to competitors",
  table_title2: "Referrers sending most cases to you",
  insight_target:
    "Of the {referrers} outside referrers sending cases in your {area}, {name} sent the most to competitors: {competitors} of {total} (you performed {share}).",
  insight_partner: "Your strongest referral partner, {name}, sent you {cases} of {total} cases ({share}).",
} satisfies AnalysisTexts;
