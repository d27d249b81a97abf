import type { AnalysisTexts } from "../../../catalogue.ts";
import { catalogue } from "./catalogue.ts";

/** The texts staff edit in Query texts: title, description, one title per table in order. */
export const texts = {
  title: catalogue.title,
  description: "Market cases of your service area by setting.",
  table_title: "Cases by setting",
  insight_setting: "Most cases were {setting}: {share} ({cases}).",
} satisfies AnalysisTexts;
