import { createRoute } from "@tanstack/react-router";
import { isQueryName, type QueryName } from "../../analyses/catalogue.ts";
import { FixedQueryScreen } from "../../query/FixedQueryScreen.tsx";
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
  component: function QueryRouteScreen() {
    const { queryName } = queryRoute.useParams();
    const search = queryRoute.useSearch();
    const navigate = queryRoute.useNavigate();
    return (
      <FixedQueryScreen
        name={queryName}
        search={search}
        onSearch={(next) => void navigate({ search: next })}
      />
    );
  },
});
