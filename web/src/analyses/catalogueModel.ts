import {
  type AnalysisCatalogue,
  analysisOfPath,
  analysisOrder,
  THEMES,
  type Theme,
} from "../../../server/engine/catalogue.ts";

/** An analysis's route name: its folder under queries/ (querie1, querie2, ...). */
export type QueryName = `querie${number}`;

export interface Analysis {
  id: QueryName;
  title: string;
  theme: Theme;
}

export interface ThemeGroup {
  /** "Competitive Comparison" -> "competitive-comparison" */
  id: string;
  theme: Theme;
  label: string;
  queries: readonly QueryName[];
}

/**
 * The analyses from their folders' catalogue.ts files, keyed by path as import.meta.glob gives them
 * ("../../../queries/querie3/catalogue.ts"), in menu order. Kept apart from the glob so that tests
 * (Bun has no import.meta.glob) build the same list from the same files.
 */
export function analysesFrom(catalogues: Record<string, AnalysisCatalogue>): Analysis[] {
  return Object.entries(catalogues)
    .map(([path, catalogue]) => ({
      // The API serves querie<number> folders only (the registry test checks every folder's name).
      id: analysisOfPath(path) as QueryName,
      title: catalogue.title,
      theme: catalogue.theme,
    }))
    .sort((a, b) => analysisOrder(a.id, b.id));
}

/** The four theme groups of the navigation (customer spec, section 1), each with its analyses. */
export function themeGroupsOf(analyses: readonly Analysis[]): ThemeGroup[] {
  return THEMES.map((theme) => ({
    id: theme.toLowerCase().replace(/ /g, "-"),
    theme,
    label: theme,
    queries: analyses.filter((analysis) => analysis.theme === theme).map((analysis) => analysis.id),
  }));
}
