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
    "How surgical cases split across inpatient, outpatient, ASC and office settings, for you and for the market.",
  chart_title: "Setting mix by surgical service",
  table_title: "Site of care",
  insight_asc: "{customer} of your {lines} were done in an ASC, against {competitors} of your competitors'.",
  insight_inpatient: "{customer} were inpatient, against {competitors} of your competitors'.",
  insight_widest:
    "The ASC shares differ most in {line}: {customer} of your cases against {competitors} of your competitors'.",
} satisfies AnalysisTexts;
