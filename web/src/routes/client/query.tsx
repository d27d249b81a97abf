import { createRoute } from "@tanstack/react-router";
import { ANALYSIS_TITLES, isQueryName, type QueryName } from "../../analyses/catalogue.ts";
import { ScreenTitle } from "../../components/ScreenTitle.tsx";
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
  component: function QueryRouteScreen() {
    const { queryName } = queryRoute.useParams();
    return <QueryScreen queryName={queryName} />;
  },
});

/** One of the ten fixed analyses (also in dummy mode). */
export function QueryScreen({ queryName }: { queryName: QueryName }) {
  return <ScreenTitle title={ANALYSIS_TITLES[queryName]} />;
}
