import type { AnalysisTexts } from "../../server/engine/catalogue.ts";
import { catalogue } from "./catalogue.ts";

/**
 * The screen's texts a fresh installation starts with; staff edit them in Manage contents, Query
 * texts. Numbered titles go to the screen's charts, tables and maps in order. Plain data, collected
 * by the server's registry and by the back office's Query texts.
 */
export const texts = {
  title: catalogue.title,
  description: "Paid amounts of your practice data by service group and service.",
  chart_title1: "Revenue by group",
  chart_title2: "Revenue by service",
  insight_total: "In {year} your practice was paid {total}; {group} brought the most: {revenue} ({share}).",
  insight_service: "Within {group}, {service} led: {revenue} ({share} of the group).",
  insight_next: "{group} came next: {revenue} ({share}).",
} satisfies AnalysisTexts;
