import type { RouteKey } from "../../../server/http/roles/routeRoles.ts";
import type { AdminDetail } from "../api/answers.ts";
import { useAdminDetail } from "./useSessions.ts";

/** A call as the server's role table names it: `METHOD /api/path` (server/http/roles/routeRoles.ts). */
export type Call = RouteKey;

/**
 * Whether the signed-in staff member may make a call, from the permissions the server derives from
 * its role table (the staff detail's `permissions`): the screens offer a control only when its call
 * is allowed, and never copy the rules (docs/roles.md).
 */
export const mayCall = (admin: Pick<AdminDetail, "permissions"> | undefined, call: Call) =>
  admin?.permissions.includes(call) ?? false;

/** The current staff member's `mayCall`; false while no staff session is loaded. */
export function useMayCall(): (call: Call) => boolean {
  const admin = useAdminDetail();
  return (call) => mayCall(admin, call);
}
