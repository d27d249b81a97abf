import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../context.ts";
import { invalidToken } from "../../http/errors.ts";

/**
 * The look-up services hold no organisation data (a public registry, the zip reference): any
 * signed-in user may call them (the profile forms of customers and staff do); nobody else. Dummy
 * mode refuses their POSTs before (dummyReadOnly): the practice profile is not part of it.
 */
export function requireSignedIn(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.get("session")) throw invalidToken();
    await next();
  };
}
