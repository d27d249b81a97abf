import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { manifestQuery, runQuery } from "../api/queries.ts";
import { siteSettingsQuery } from "../api/siteSettings.ts";
import { useDummyOrgId } from "../session/dummyContext.ts";
import { useCustomerDetail } from "../session/useSessions.ts";
import { analysesClosed } from "./analysesOpen.ts";
import { resolveFilters } from "./searchParams.ts";
import { screenTexts } from "./siteTexts.ts";
import type { FilterValues } from "./types.ts";

const NO_YEARS: number[] = [];

/**
 * Everything a query screen loads: the manifest entry of the analysis, the site texts, the
 * filters it runs with (defaults overlaid by the requested ones, when those fit) and the run.
 * While new filters load, the previous result stays on screen under a loader.
 */
export function useAnalysis(name: string, requested: FilterValues) {
  const dummyOrgId = useDummyOrgId();
  const manifest = useQuery(manifestQuery(dummyOrgId));
  const settings = useQuery(siteSettingsQuery());
  const query = manifest.data?.queries.find((entry) => entry.id === name);
  const availableYears = manifest.data?.available_years;
  const initialized = useCustomerDetail()?.organization.initialized;
  // Before the organisation is initialized (no open year) nothing is run and no filter is judged.
  const closed = analysesClosed({ initialized, availableYears });
  // Requested filters arrive as a fresh object per render (the address); their text is the key.
  const requestedKey = JSON.stringify(requested);
  // biome-ignore lint/correctness/useExhaustiveDependencies: requestedKey stands for requested.
  const resolved = useMemo(
    () =>
      !query
        ? undefined
        : closed
          ? { filters: query.defaults, problems: [] }
          : resolveFilters(requested, query, availableYears ?? []),
    [query, availableYears, requestedKey, closed],
  );
  const run = useQuery({
    ...runQuery(name, resolved?.filters ?? {}, dummyOrgId),
    enabled: resolved !== undefined && !closed,
    placeholderData: keepPreviousData,
  });
  return {
    closed,
    dummyOrgId,
    manifest,
    query,
    availableYears: availableYears ?? NO_YEARS,
    resolved,
    run,
    texts: query ? screenTexts(query, settings.data) : undefined,
  };
}
