import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "../../context.ts";
import { HttpError } from "../errors.ts";
import { roleRefusal } from "./roles.ts";
import { roleOf } from "./routeRoles.ts";

/**
 * The one place roles are enforced: looks up the route the request matched in ROUTE_ROLES and
 * refuses a caller without its role before the route's own middleware runs. A route missing from the
 * table fails closed (500) everywhere, so a new route is refused until it is given a role. Requests
 * that match no route fall through to the 404/405 answer.
 */
export function enforceRoles(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Middleware is registered for ALL methods; the route that answers is the first with a method.
    // The web app's catch-all (GET /*) matches API paths too but is not an API route: an unknown API
    // path falls through to the 404 answer.
    const route = matchedRoutes(c).find(
      (matched) => matched.method !== "ALL" && matched.path.startsWith("/api/"),
    );
    if (!route) return next();
    const role = roleOf(route.method, route.path);
    if (!role) {
      c.var.app.logger.error("route without a role", { route: `${route.method} ${route.path}` });
      throw new HttpError(500, "This call has no role yet, so nobody may make it.");
    }
    const refusal = roleRefusal(role, c);
    if (refusal) throw refusal;
    await next();
  };
}
