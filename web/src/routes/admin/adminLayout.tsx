import { createRoute, lazyRouteComponent, redirect } from "@tanstack/react-router";
import { requireAdmin } from "../../session/guard.ts";
import { rootRoute } from "../__root.tsx";

/** The back office: staff sessions only, inside the admin bar. (Its sign-in page sits outside.) */
export const adminLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "administration",
  beforeLoad: async ({ context }) => ({ admin: await requireAdmin(context.queryClient) }),
  component: lazyRouteComponent(() => import("../../layout/AdminShell.tsx"), "AdminShell"),
});

/** /administration itself opens the customers list. */
export const adminIndexRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "/",
  beforeLoad: () => {
    throw redirect({ to: "/administration/customers", replace: true });
  },
});
