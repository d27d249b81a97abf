import type { QueryClient } from "@tanstack/react-query";
import { manifestQuery, runQuery } from "../api/queries.ts";
import { siteSettingsQuery } from "../api/siteSettings.ts";
import { afterNextPaint } from "../app/afterNextPaint.ts";
import { resolveFilters } from "./searchParams.ts";
import type { FilterValues } from "./types.ts";

/**
 * Starts what a customer's analysis screen waits for, from its route's loader: the manifest, then
 * the run with the same filters (and so the same query key) the screen resolves (useAnalysis.ts),
 * and the chart code when the view has charts. The requests then overlap the screen's chunks instead of
 * waiting for its first render; the screen's own queries find them in flight or answered. Errors are
 * left to the screen, which asks again and shows them.
 */
export async function prefetchAnalysis(
  queryClient: QueryClient,
  name: string,
  requested: FilterValues,
): Promise<void> {
  void queryClient.prefetchQuery(siteSettingsQuery());
  const manifest = await queryClient.ensureQueryData(manifestQuery());
  const query = manifest.queries.find((entry) => entry.id === name);
  if (!query) return;
  const resolved = resolveFilters(requested, query, manifest.available_years ?? []);
  const run = queryClient.prefetchQuery(runQuery(name, resolved.filters));
  // Vega (the app's largest chunk) downloads while the server computes, rather than after the answer;
  // never before the first paint, which it would hold up.
  if (query.view.charts.length > 0)
    void afterNextPaint()
      .then(() => import("./VegaChart.tsx"))
      .catch(() => undefined);
  await run;
}
