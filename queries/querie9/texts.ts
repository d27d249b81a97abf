import type { AnalysisTexts } from "../../server/engine/catalogue.ts";
import { catalogue } from "./catalogue.ts";

/**
 * The screen's texts a fresh installation starts with; staff edit them in Manage contents, Query
 * texts. Numbered titles go to the screen's charts, tables and maps in order. Plain data, collected
 * by the server's registry and by the back office's Query texts.
 */
export const texts = {
  title: catalogue.title,
  description: "Patients of your service area who had surgery at a facility outside it.",
  map_title: "Outmigration by zip code",
  insight_outside: "{share} of your service area's {total} {lines} ({outside}) were performed outside it.",
  insight_areas: "{psa} were performed in the PSA, {ssa} in the SSA and {tsa} in the TSA.",
  insight_line: "{service} leaves most: {share} ({outside} of {total}).",
  insight_zip: "Patients of zip code {zip} left most: {outside} of their {cases} cases ({share}).",
} satisfies AnalysisTexts;
