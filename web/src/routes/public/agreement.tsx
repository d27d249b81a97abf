import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { rootRoute } from "../__root.tsx";

export const agreementRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "agreement",
  component: lazyRouteComponent(() => import("./agreementScreen.tsx"), "AgreementScreen"),
});
