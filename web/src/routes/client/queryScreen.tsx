import { getRouteApi } from "@tanstack/react-router";
import { FixedQueryScreen } from "../../query/FixedQueryScreen.tsx";

const route = getRouteApi("/client/queries/$queryName");

/** The analysis screen of /queries/$queryName, loaded with its route (query.tsx) on first use. */
export function QueryRouteScreen() {
  const { queryName } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <FixedQueryScreen name={queryName} search={search} onSearch={(next) => void navigate({ search: next })} />
  );
}
