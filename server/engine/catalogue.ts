/**
 * What the navigation and the back office know of an analysis without loading its kernel: its
 * title and theme group (`queries/<id>/catalogue.ts`) and its default texts (`queries/<id>/texts.ts`).
 * The server's registry reads both from the folders, the web app bundles them (import.meta.glob), so
 * an analysis is added by its folder alone. No imports: the web's first paint takes this file and the
 * folders' catalogue.ts files, never the engine.
 */

/** The four navigation groups of customer-area.md section 1, in menu order. */
export const THEMES = [
  "Competitive Comparison",
  "Partnership Strength",
  "Market Alignment",
  "Service Strength",
] as const;
export type Theme = (typeof THEMES)[number];

/** queries/<id>/catalogue.ts: `export const catalogue = {...} as const satisfies AnalysisCatalogue`. */
export interface AnalysisCatalogue {
  /** The menu's and the screen's title (plugin.ts spreads the same object). */
  title: string;
  theme: Theme;
}

/**
 * queries/<id>/texts.ts: `export const texts = {...} satisfies AnalysisTexts`, the fields staff edit
 * in Query texts (admin-area.md section 3): title, description and one chart_titleN, table_titleN,
 * map_title per chart, table and map in order. Its keys are the fields the server accepts.
 */
export interface AnalysisTexts {
  title: string;
  description: string;
  [field: string]: string;
}

/** An analysis the API serves and the web routes: `querie` and its number (the folder's name). */
export const ANALYSIS_NAME = /^querie[1-9][0-9]*$/;

/** Menu order: querie1, querie2, ..., querie10, querie11 (numbers compared as numbers). */
export const analysisOrder = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });

/** The analysis a file of its folder belongs to: ".../queries/querie3/catalogue.ts" -> "querie3". */
export function analysisOfPath(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts.at(-2) ?? "";
}
