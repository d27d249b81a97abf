import type { QueryClient } from "@tanstack/react-query";
import { createRouter } from "@tanstack/react-router";
import { dropEarlyResponses, earlyRunOf } from "../api/earlyRequests.ts";
import { ErrorScreen, NotFoundScreen, PendingScreen } from "../components/StatusScreens.tsx";
import { rootRoute } from "../routes/__root.tsx";
import { adminHelpcenterRoute } from "../routes/admin/adminHelpcenter.tsx";
import { adminIndexRoute, adminLayoutRoute } from "../routes/admin/adminLayout.tsx";
import { adminProfileRoute } from "../routes/admin/adminProfile.tsx";
import { advisoryBoardRoute } from "../routes/admin/advisoryBoard.tsx";
import { contentsRoute } from "../routes/admin/contents.tsx";
import { customerRoute } from "../routes/admin/customer.tsx";
import { customersRoute } from "../routes/admin/customers.tsx";
import { customerYearRoute } from "../routes/admin/customerYear.tsx";
import { mailboxRoute } from "../routes/admin/mailbox.tsx";
import { parametersRoute } from "../routes/admin/parameters.tsx";
import { clientLayoutRoute } from "../routes/client/clientLayout.tsx";
import { customQueryRoute } from "../routes/client/customQuery.tsx";
import { helpcenterRoute } from "../routes/client/helpcenter.tsx";
import { homeRoute } from "../routes/client/home.tsx";
import { practiceProfileRoute } from "../routes/client/practiceProfile.tsx";
import { profileRoute } from "../routes/client/profile.tsx";
import { queryRoute } from "../routes/client/query.tsx";
import { vitalityScoreRoute } from "../routes/client/vitalityScore.tsx";
import { dummyLayoutRoute } from "../routes/dummy/dummyLayout.tsx";
import {
  dummyCustomQueryRoute,
  dummyDashboardRoute,
  dummyProfileRoute,
  dummyQueryRoute,
  dummyVitalityScoreRoute,
} from "../routes/dummy/dummyScreens.tsx";
import { adminSigninRoute } from "../routes/public/adminSignin.tsx";
import { agreementRoute } from "../routes/public/agreement.tsx";
import { signinRoute } from "../routes/public/signin.tsx";
import { validateTokenRoute } from "../routes/public/validateToken.tsx";

/** Every screen of both specs, as one typed tree: public, customer, back office, dummy view. */
export const routeTree = rootRoute.addChildren([
  agreementRoute,
  signinRoute,
  validateTokenRoute,
  adminSigninRoute,
  clientLayoutRoute.addChildren([
    homeRoute,
    practiceProfileRoute,
    helpcenterRoute,
    vitalityScoreRoute,
    profileRoute,
    queryRoute,
    customQueryRoute,
  ]),
  adminLayoutRoute.addChildren([
    adminIndexRoute,
    customersRoute,
    customerRoute,
    customerYearRoute,
    advisoryBoardRoute,
    adminHelpcenterRoute,
    contentsRoute,
    parametersRoute,
    mailboxRoute,
    adminProfileRoute,
  ]),
  dummyLayoutRoute.addChildren([
    dummyDashboardRoute,
    dummyVitalityScoreRoute,
    dummyProfileRoute,
    dummyQueryRoute,
    dummyCustomQueryRoute,
  ]),
]);

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: "intent",
    // React Query owns the caching; the router always asks it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: PendingScreen,
    defaultNotFoundComponent: NotFoundScreen,
    defaultErrorComponent: ErrorScreen,
  });
  // The screens are lazy route components, and the router fetches their chunks only once the guards
  // (beforeLoad: the session calls) have answered. Starting the downloads with the navigation
  // overlaps the two round trips instead of chaining them; the router reuses the same promises.
  router.subscribe("onBeforeLoad", ({ toLocation }) => {
    for (const route of router.getMatchedRoutes(toLocation.pathname)[0]) {
      void router.loadRouteChunk(route)?.catch(() => {
        // The router loads the chunk again itself and shows its error screen if it still fails.
      });
    }
  });
  // The reads started with the HTML (earlyRequests.ts) are for the first screen only. Its run, when
  // the screen is an analysis at its defaults (the address early-requests.js starts a run for), stays
  // until the screen's query takes it: that query waits for the manifest, which can answer after the
  // screen resolved. The next screen to resolve drops it if still untaken.
  let resolvedScreens = 0;
  const stopDropping = router.subscribe("onResolved", ({ toLocation }) => {
    resolvedScreens += 1;
    const run = earlyRunOf(toLocation.pathname, toLocation.searchStr);
    dropEarlyResponses(resolvedScreens === 1 ? run : undefined);
    if (resolvedScreens > 1) stopDropping();
  });
  return router;
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
