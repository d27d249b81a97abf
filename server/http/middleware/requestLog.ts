import type { MiddlewareHandler } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** Puts the shared context on c.var, gives the request an id and logs one line when it ends. */
export function requestContext(app: AppContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = app.config.logRequests ? performance.now() : 0;
    const requestId = c.req.header("x-request-id")?.slice(0, 64) ?? crypto.randomUUID();
    c.set("app", app);
    c.set("requestId", requestId);
    c.set("session", null);
    // Set before the handler runs, the header goes into the response as it is built; set after, Hono
    // would rebuild the response around its body as a stream (a costlier send). A Response built
    // by hand (not through c.json/c.body) does not carry it: it gets it afterwards.
    c.header(REQUEST_ID_HEADER, requestId);
    await next();
    if (!c.res.headers.has(REQUEST_ID_HEADER)) c.header(REQUEST_ID_HEADER, requestId);
    if (app.config.logRequests && c.req.path.startsWith("/api/")) {
      app.logger.info(`${c.req.method} ${c.req.path} ${c.res.status}`, {
        ms: Math.round(performance.now() - started),
        requestId,
      });
    }
  };
}
