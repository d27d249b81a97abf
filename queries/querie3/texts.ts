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
    "Your surgical mix by service line against the market's; differences beyond 10 points are highlighted.",
  chart_title: "Mix by service line",
  table_title: "Customer and market mix",
  insight_above:
    "Your mix leans most to {service}: {customer_mix} of your {cases} cases against {market_mix} of the market's, {difference} above.",
  insight_below:
    "{service} is furthest below the market: {customer_mix} of your cases against {market_mix} of the market's {cases}, {difference} below.",
} satisfies AnalysisTexts;
