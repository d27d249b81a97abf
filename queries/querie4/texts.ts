import type { AnalysisTexts } from "../../server/engine/catalogue.ts";
import { catalogue } from "./catalogue.ts";

/**
 * The screen's texts a fresh installation starts with; staff edit them in Manage contents, Query
 * texts. Numbered titles go to the screen's charts, tables and maps in order. Plain data, collected
 * by the server's registry and by the back office's Query texts.
 */
export const texts = {
  title: catalogue.title,
  description: "Where your surgeons operate, and which surgeons operate at your facilities.",
  chart_title1: "Facilities used by your surgeons",
  chart_title2: "Surgeons at your facilities",
  table_title1: "Facilities",
  table_title2: "Surgeons",
  insight_facility: "Your surgeons performed {total}; the most at {name}{own}: {share} ({cases}).",
  insight_partner: "Their busiest partner facility is {name}: {share} ({cases}).",
  insight_next: "Next came {name}{own}: {share} ({cases}).",
  insight_surgeon:
    "The busiest outside surgeon at your facilities, {name}, performed {share} of their {total} cases ({cases}).",
} satisfies AnalysisTexts;
