import type { MiddlewareHandler } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";

/** Puts the shared context on c.var, gives the request an id and logs one line when it ends. */
export function requestContext(app: AppContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = c.req.header("x-request-id")?.slice(0, 64) ?? crypto.randomUUID();
    c.set("app", app);
    c.set("requestId", requestId);
    c.set("session", null);
    await next();
    c.header("X-Request-Id", requestId);
    if (app.config.logRequests && c.req.path.startsWith("/api/")) {
      app.logger.info(`${c.req.method} ${c.req.path} ${c.res.status}`, {
        ms: Math.round(performance.now() - started),
        requestId,
      });
    }
  };
}
