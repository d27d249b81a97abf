import type { AnalysisCatalogue } from "../../../catalogue.ts";

export const catalogue = {
  title: "Misnamed",
  theme: "Service Strength",
} as const satisfies AnalysisCatalogue;
