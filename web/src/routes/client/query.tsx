import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { isQueryName, type QueryName } from "../../analyses/catalogue.ts";
import { validateQuerySearch } from "../../query/searchParams.ts";
import { clientLayoutRoute } from "./clientLayout.tsx";

/** Only querie1..querie10 match; any other name falls through to "page not found". */
export const queryNameParams = {
  parse: ({ queryName }: { queryName: string }) => (isQueryName(queryName) ? { queryName } : false),
  stringify: ({ queryName }: { queryName: QueryName }) => ({ queryName }),
} as const;

export const queryRoute = createRoute({
  getParentRoute: () => clientLayoutRoute,
  path: "queries/$queryName",
  params: queryNameParams,
  validateSearch: validateQuerySearch,
  // The analysis screen (tables, filters, PDF export) loads with the first analysis opened.
  component: lazyRouteComponent(() => import("./queryScreen.tsx"), "QueryRouteScreen"),
});
