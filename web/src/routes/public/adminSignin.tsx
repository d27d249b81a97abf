import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { leaveSigninIfAdmin } from "../../session/guard.ts";
import { rootRoute } from "../__root.tsx";

export const adminSigninRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "administration/signin",
  beforeLoad: ({ context }) => leaveSigninIfAdmin(context.queryClient),
  component: lazyRouteComponent(() => import("./adminSigninScreen.tsx"), "AdminSigninScreen"),
});
