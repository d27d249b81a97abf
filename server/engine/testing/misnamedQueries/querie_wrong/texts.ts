import type { AnalysisTexts } from "../../../catalogue.ts";

export const texts = { title: "Misnamed", description: "" } satisfies AnalysisTexts;
