import type { AnalysisTexts } from "../../server/engine/catalogue.ts";
import { catalogue } from "./catalogue.ts";

/**
 * The screen's texts a fresh installation starts with; staff edit them in Manage contents, Query
 * texts. Numbered titles go to the screen's charts, tables and maps in order. Plain data, collected
 * by the server's registry and by the back office's Query texts.
 */
export const texts = {
  title: catalogue.title,
  description: "Cases referred by your own providers that were performed by competitors.",
  table_title1: "Leakage by service",
  table_title2: "Competitors receiving leaked cases",
  insight_most:
    "Your providers referred {total} {service} cases; {leaked} ({share}) were performed by competitors.",
  insight_receiver: "{name} received the most of them: {volume}.",
  insight_steepest: "{service} leaks the largest share: {share} of {total} referred cases ({leaked}).",
} satisfies AnalysisTexts;
