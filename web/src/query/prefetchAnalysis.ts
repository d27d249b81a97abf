import type { QueryClient } from "@tanstack/react-query";
import { manifestQuery, runQuery } from "../api/queries.ts";
import { siteSettingsQuery } from "../api/siteSettings.ts";
import { resolveFilters } from "./searchParams.ts";
import type { FilterValues } from "./types.ts";

/**
 * Starts what a customer's analysis screen waits for, from its route's loader: the manifest, then
 * the run with the same filters (and so the same query key) the screen resolves (useAnalysis.ts).
 * The requests then overlap the screen's chunks instead of waiting for its first render; the
 * screen's own queries find them in flight or answered (a new tab's run may have started with the
 * HTML: earlyRequests.ts). Errors are left to the screen, which asks again and shows them.
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
  // Vega's chunk is not fetched here: the charts fetch it once the screen's tables are painted
  // (ChartPanel), as its 80-90 ms of evaluation would otherwise land before them.
  await queryClient.prefetchQuery(runQuery(name, resolved.filters));
}
