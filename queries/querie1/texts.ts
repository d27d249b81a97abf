import type { AnalysisTexts } from "../../server/engine/catalogue.ts";
import { catalogue } from "./catalogue.ts";

/**
 * The screen's texts a fresh installation starts with; staff edit them in Manage contents, Query
 * texts. Numbered titles go to the screen's charts, tables and maps in order; `insight_…` are the
 * finding's sentences (insights.ts), a `{placeholder}` for each word it writes. Plain data, collected
 * by the server's registry and by the back office's Query texts.
 */
export const texts = {
  title: catalogue.title,
  description: "Surgical cases of your service area by competitor facility and surgeon, with your own share.",
  chart_title1: "Your practice and competitor facilities",
  chart_title2: "Competitor surgeons",
  insight_share: "In your {area} you performed {share} of the {lines} ({cases} of {total}).",
  insight_facilities: "The largest competitor facility, {name}, performed {share} ({cases}).",
  insight_providers: "The largest competitor surgeon, {name}, performed {share} ({cases}).",
} satisfies AnalysisTexts;
