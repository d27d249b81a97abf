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
} satisfies AnalysisTexts;
