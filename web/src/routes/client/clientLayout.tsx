import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { requireCustomer } from "../../session/guard.ts";
import { rootRoute } from "../__root.tsx";

/** Every customer screen: signed-in customers only, inside the customer bar. */
export const clientLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "client",
  beforeLoad: async ({ context }) => ({ customer: await requireCustomer(context.queryClient) }),
  component: lazyRouteComponent(() => import("../../layout/ClientShell.tsx"), "ClientShell"),
});
