import { getRouteApi } from "@tanstack/react-router";
import { FixedQueryScreen } from "../../query/FixedQueryScreen.tsx";

const route = getRouteApi("/dummy/$orgId/queries/$queryName");

/** An analysis in dummy mode, loaded with its route (dummyScreens.tsx) on first use. */
export function DummyQueryScreen() {
  const { queryName } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <FixedQueryScreen name={queryName} search={search} onSearch={(next) => void navigate({ search: next })} />
  );
}
