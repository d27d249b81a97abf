import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { forbidden, invalidToken } from "./errors.ts";

/**
 * Who may manage an organisation's people and profile: its own customer admin, or a staff site admin
 * (any organisation). Answers the organisation id the caller may act on, refusing everything else.
 */
export function organisationManagedBy(
  c: Context<AppEnv>,
  requestedOrganisationId: string | undefined,
): string {
  const session = c.var.session;
  if (!session) throw invalidToken();
  if (session.kind === "client") {
    if (!session.user.isStaff) throw forbidden("Only the organisation's admin can do this.");
    if (requestedOrganisationId && requestedOrganisationId !== session.organisation.id) {
      throw forbidden("You can only manage your own organisation.");
    }
    return session.organisation.id;
  }
  if (session.staff.role !== "site_admin") throw forbidden("Agents cannot do this.");
  if (!requestedOrganisationId) throw forbidden("organization: required for staff");
  return requestedOrganisationId;
}
