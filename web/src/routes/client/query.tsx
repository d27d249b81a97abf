import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { isQueryName, type QueryName } from "../../analyses/catalogue.ts";
import { prefetchAnalysis } from "../../query/prefetchAnalysis.ts";
import { validateQuerySearch } from "../../query/searchParams.ts";
import { clientLayoutRoute } from "./clientLayout.tsx";

/** Only the analyses of the catalogue (a folder of queries/) match; any other name is "page not found". */
export const queryNameParams = {
  parse: ({ queryName }: { queryName: string }) => (isQueryName(queryName) ? { queryName } : false),
  stringify: ({ queryName }: { queryName: QueryName }) => ({ queryName }),
} as const;

export const queryRoute = createRoute({
  getParentRoute: () => clientLayoutRoute,
  path: "queries/$queryName",
  params: queryNameParams,
  validateSearch: validateQuerySearch,
  loaderDeps: ({ search }) => ({ search }),
  // The analysis's data (manifest, then its run) starts with the navigation, once the session guard
  // has answered, beside the screen's chunks: not after the screen's first render. Not awaited, so
  // the screen (title, loader) shows at once; hover preloads load only the chunks (no server run).
  // A static import (~1 kB): a dynamic one would wait for the screen's render to resolve.
  loader: ({ context, params, deps, preload }) => {
    if (!preload)
      void prefetchAnalysis(context.queryClient, params.queryName, deps.search).catch(() => undefined);
  },
  // The analysis screen (tables, filters, PDF export) loads with the first analysis opened.
  component: lazyRouteComponent(() => import("./queryScreen.tsx"), "QueryRouteScreen"),
});
