import { createRoute } from "@tanstack/react-router";
import { CustomQueryScreen } from "../../query/CustomQueryScreen.tsx";
import { FixedQueryScreen } from "../../query/FixedQueryScreen.tsx";
import { validateQuerySearch } from "../../query/searchParams.ts";
import { HomeScreen } from "../client/home.tsx";
import { ProfileScreen } from "../client/profile.tsx";
import { queryNameParams } from "../client/query.tsx";
import { VitalityScoreScreen } from "../client/vitalityScore.tsx";
import { dummyLayoutRoute } from "./dummyLayout.tsx";

/**
 * The dummy view's children reuse the customer screens, which read the viewed organisation from
 * DummyOrgContext. There is no practice profile and no help centre in this mode.
 */

export const dummyDashboardRoute = createRoute({
  getParentRoute: () => dummyLayoutRoute,
  path: "/",
  component: HomeScreen,
});

export const dummyVitalityScoreRoute = createRoute({
  getParentRoute: () => dummyLayoutRoute,
  path: "vitality-score",
  component: VitalityScoreScreen,
});

export const dummyProfileRoute = createRoute({
  getParentRoute: () => dummyLayoutRoute,
  path: "profile",
  component: ProfileScreen,
});

export const dummyQueryRoute = createRoute({
  getParentRoute: () => dummyLayoutRoute,
  path: "queries/$queryName",
  params: queryNameParams,
  validateSearch: validateQuerySearch,
  component: function DummyQueryScreen() {
    const { queryName } = dummyQueryRoute.useParams();
    const search = dummyQueryRoute.useSearch();
    const navigate = dummyQueryRoute.useNavigate();
    return (
      <FixedQueryScreen
        name={queryName}
        search={search}
        onSearch={(next) => void navigate({ search: next })}
      />
    );
  },
});

export const dummyCustomQueryRoute = createRoute({
  getParentRoute: () => dummyLayoutRoute,
  path: "queries/custom/$id",
  component: function DummyCustomQueryScreen() {
    const { id } = dummyCustomQueryRoute.useParams();
    return <CustomQueryScreen key={id} id={id} />;
  },
});
