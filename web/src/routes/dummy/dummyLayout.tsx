import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { dummyOrganisationQuery } from "../../session/dummyOrganisation.ts";
import { requireAdmin } from "../../session/guard.ts";
import { customerSessionQuery } from "../../session/queries.ts";
import { rootRoute } from "../__root.tsx";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Dummy mode: staff view an organisation's dashboard read-only. The guard wants a staff session; the
 * organisation's detail is then loaded through the customer detail call in dummy mode.
 */
export const dummyLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "dummy/$orgId",
  params: {
    parse: ({ orgId }: { orgId: string }) =>
      UUID_PATTERN.test(orgId) ? { orgId: orgId.toLowerCase() } : false,
    stringify: ({ orgId }: { orgId: string }) => ({ orgId }),
  },
  beforeLoad: async ({ context, params }) => {
    await requireAdmin(context.queryClient);
    // The organisation first (admin/fake-org/), then its screens' detail in dummy mode.
    await context.queryClient.ensureQueryData(dummyOrganisationQuery(params.orgId));
    await context.queryClient.ensureQueryData(customerSessionQuery(params.orgId));
  },
  component: lazyRouteComponent(() => import("./dummyShellScreen.tsx"), "DummyLayoutScreen"),
});
