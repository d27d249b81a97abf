/**
 * The default texts of Query texts, as the server's (server/content/queryTexts.ts): each analysis's
 * queries/<id>/texts.ts, bundled at build time in menu order, then the Vitality Score's. Loaded
 * with the back office's Manage contents screen only.
 */
import { scoringTexts } from "../../../server/content/defaultTexts.ts";
import { type AnalysisTexts, analysisOfPath, analysisOrder } from "../../../server/engine/catalogue.ts";

const texts = import.meta.glob<AnalysisTexts>("../../../queries/*/texts.ts", {
  eager: true,
  import: "texts",
});

export const defaultQueryTexts: Record<string, AnalysisTexts> = {
  ...Object.fromEntries(
    Object.entries(texts)
      .map(([path, fields]) => [analysisOfPath(path), fields] as const)
      .sort(([a], [b]) => analysisOrder(a, b)),
  ),
  scoring: scoringTexts,
};
