import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { leaveSigninIfCustomer } from "../../session/guard.ts";
import { rootRoute } from "../__root.tsx";

export const signinRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "signin",
  beforeLoad: ({ context }) => leaveSigninIfCustomer(context.queryClient),
  component: lazyRouteComponent(() => import("./signinScreen.tsx"), "SigninScreen"),
});
