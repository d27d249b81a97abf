import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { validateQuerySearch } from "../../query/searchParams.ts";
import { queryNameParams } from "../client/query.tsx";
import { dummyLayoutRoute } from "./dummyLayout.tsx";

/**
 * The dummy view's children reuse the customer screens, which read the viewed organisation from
 * DummyOrgContext. There is no practice profile and no help centre in this mode. Each screen loads
 * on first use, as in the customer area.
 */

export const dummyDashboardRoute = createRoute({
  getParentRoute: () => dummyLayoutRoute,
  path: "/",
  component: lazyRouteComponent(() => import("../../home/HomeScreen.tsx"), "HomeScreen"),
});

export const dummyVitalityScoreRoute = createRoute({
  getParentRoute: () => dummyLayoutRoute,
  path: "vitality-score",
  component: lazyRouteComponent(() => import("../../score/VitalityScoreScreen.tsx"), "VitalityScoreScreen"),
});

export const dummyProfileRoute = createRoute({
  getParentRoute: () => dummyLayoutRoute,
  path: "profile",
  component: lazyRouteComponent(
    () => import("../../profile/CustomerProfileScreen.tsx"),
    "CustomerProfileScreen",
  ),
});

export const dummyQueryRoute = createRoute({
  getParentRoute: () => dummyLayoutRoute,
  path: "queries/$queryName",
  params: queryNameParams,
  validateSearch: validateQuerySearch,
  component: lazyRouteComponent(() => import("./dummyQueryScreen.tsx"), "DummyQueryScreen"),
});

export const dummyCustomQueryRoute = createRoute({
  getParentRoute: () => dummyLayoutRoute,
  path: "queries/custom/$id",
  component: lazyRouteComponent(() => import("./dummyCustomQueryScreen.tsx"), "DummyCustomQueryScreen"),
});
