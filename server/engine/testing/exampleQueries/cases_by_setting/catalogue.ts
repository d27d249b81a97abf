import type { AnalysisCatalogue } from "../../../catalogue.ts";

/** Title and theme group: the navigation's entry (docs/plugins.md, "catalogue.ts"). */
export const catalogue = {
  title: "Cases by setting",
  theme: "Market Alignment",
} as const satisfies AnalysisCatalogue;
