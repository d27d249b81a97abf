/**
 * The default texts of Query texts (admin-area.md section 3): each analysis's from its folder
 * (queries/<id>/texts.ts, read by the registry), in menu order, then the Vitality Score's. Their
 * keys are the fields the site settings accept (server/routes/siteSettings.ts).
 */
import type { AnalysisTexts } from "../engine/catalogue.ts";
import { type AnalysisFolder, loadAnalysisFolders } from "../engine/registry.ts";
import { scoringTexts } from "./defaultTexts.ts";

export type QueryTexts = AnalysisTexts;

export function queryTextDefaults(
  folders: readonly Pick<AnalysisFolder, "id" | "texts">[],
): Record<string, QueryTexts> {
  return { ...Object.fromEntries(folders.map((folder) => [folder.id, folder.texts])), scoring: scoringTexts };
}

/** Read once when the server loads: plain data files, no kernel is loaded. */
export const defaultQueryTexts = queryTextDefaults(await loadAnalysisFolders());
