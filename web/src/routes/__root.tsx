import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { ErrorScreen, NotFoundScreen } from "../components/StatusScreens.tsx";

/** What every route's beforeLoad and loader receive. */
export interface RouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundScreen,
  errorComponent: ErrorScreen,
});
