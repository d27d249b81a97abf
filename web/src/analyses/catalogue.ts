/**
 * The analyses and the four theme groups that organise them (customer spec, section 1), built at
 * build time from the analysis folders: each queries/<id>/catalogue.ts (title, theme) is bundled
 * here, so adding a folder adds its menu entry and its route (docs/plugins.md). Only those small
 * data files: kernels and filter schemas stay on the server (the manifest brings a screen's).
 */
import type { AnalysisCatalogue } from "../../../server/engine/catalogue.ts";
import { analysesFrom, type QueryName, type ThemeGroup, themeGroupsOf } from "./catalogueModel.ts";

export type { QueryName, ThemeGroup } from "./catalogueModel.ts";

const catalogues = import.meta.glob<AnalysisCatalogue>("../../../queries/*/catalogue.ts", {
  eager: true,
  import: "catalogue",
});

export const ANALYSES = analysesFrom(catalogues);

export const QUERY_NAMES: readonly QueryName[] = ANALYSES.map((analysis) => analysis.id);

/** Where an assistant lands (customer spec: "the first analysis"): the first in menu order. */
// queries/ is never empty (registry.test.ts lists its folders).
export const FIRST_ANALYSIS = QUERY_NAMES[0] as QueryName;

export function isQueryName(value: string): value is QueryName {
  return (QUERY_NAMES as readonly string[]).includes(value);
}

const TITLES = new Map<string, string>(ANALYSES.map((analysis) => [analysis.id, analysis.title]));

/** The analysis's own title (its catalogue.ts); a name no folder has (an old saved view) as is. */
export const analysisTitle = (name: string): string => TITLES.get(name) ?? name;

export const THEME_GROUPS: readonly ThemeGroup[] = themeGroupsOf(ANALYSES);
