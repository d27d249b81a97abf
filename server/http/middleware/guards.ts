import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import { forbidden, HttpError, invalidToken, staffSession } from "../errors.ts";
import { dummyOrganisationOf } from "./dummyReadOnly.ts";

/**
 * Any signed-in session of the given kind; otherwise 401 'Invalid token.' (the web guard's signal),
 * or 403 `staff_session` for a staff session on a customer's call.
 */
export function requireKind(kind: "client" | "admin"): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = c.get("session");
    if (kind === "client" && session?.kind === "admin") throw staffSession();
    if (session?.kind !== kind) throw invalidToken();
    await next();
  };
}

/** Staff only; `siteAdmin` refuses agents (they cannot manage customers, agents, contents or mail). */
export function requireStaff(
  options: { siteAdmin?: boolean; superUser?: boolean } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = c.get("session");
    if (session?.kind !== "admin") throw invalidToken();
    if (options.siteAdmin && session.staff.role !== "site_admin") throw forbidden("Agents cannot do this.");
    if (options.superUser && !session.staff.isSuperUser) throw forbidden("Only a super user can do this.");
    await next();
  };
}

/** A customer admin (is_staff); assistants are refused. */
export function requireCustomerAdmin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = c.get("session");
    if (session?.kind === "admin") throw staffSession();
    if (session?.kind !== "client") throw invalidToken();
    if (!session.user.isStaff) throw forbidden("Only the organisation's admin can do this.");
    await next();
  };
}

const dummyOrgSchema = z.uuid({ message: "must be an organisation id (UUID)" });

/**
 * Customer-area scope. A customer acts on its own organisation, and any organisation id it sends is
 * ignored. Staff act in dummy mode on the organisation named by the X-Dummy-Org header or the org_id
 * query parameter; dummyReadOnly() has already refused their writes.
 */
export function customerScope(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = c.get("session");
    if (!session) throw invalidToken();
    if (session.kind === "client") {
      c.set("scope", { organisationId: session.organisation.id, dummy: false, session });
      return next();
    }
    const requested = dummyOrganisationOf(c);
    if (!requested) throw staffSession();
    const parsed = dummyOrgSchema.safeParse(requested);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "must be an organisation id (UUID)";
      throw new HttpError(400, `org_id: ${message}`, [{ field: "org_id", message }]);
    }
    c.set("scope", { organisationId: parsed.data, dummy: true, session });
    await next();
  };
}
