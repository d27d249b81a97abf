import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Hono } from "hono";
import { serveStatic } from "hono/bun";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { SmartRouter } from "hono/router/smart-router";
import { TrieRouter } from "hono/router/trie-router";
import { recordWrites } from "./audit/recordWrites.ts";
import { customerSignin } from "./auth/customerSignin.ts";
import { staffSignin } from "./auth/staffSignin.ts";
import type { AppContext, AppEnv } from "./context.ts";
import { databaseAlive } from "./db/client.ts";
import { abandonedRequest } from "./http/abandonedRequest.ts";
import { allowedMethodsOf } from "./http/allowedMethods.ts";
import { healthAnswer } from "./http/answers/services.ts";
import { CachedRouter } from "./http/cachedRouter.ts";
import { errorResponse, HttpError, toHttpError } from "./http/errors.ts";
import { bodyLimit } from "./http/middleware/bodyLimit.ts";
import { csrf } from "./http/middleware/csrf.ts";
import { dummyReadOnly } from "./http/middleware/dummyReadOnly.ts";
import { requestContext } from "./http/middleware/requestLog.ts";
import { securityHeaders } from "./http/middleware/securityHeaders.ts";
import { loadSession } from "./http/middleware/session.ts";
import { describe } from "./http/openapi/declare.ts";
import { enforceRoles } from "./http/roles/enforceRoles.ts";
import { isStorageFull, storageFull } from "./http/storageFull.ts";
import { liveChannel } from "./live/channelRoute.ts";
import { apiDescriptionRoutes } from "./routes/apiDescription.ts";
import { apiRoutes } from "./routes/index.ts";

/** JSON bodies above this are refused with 413 (uploads have their own, larger limits). */
export const JSON_BODY_LIMIT = 1024 * 1024;
// Picture forms (profile pictures, logos: at most 2 MB) set their own limit too (server/pictures/).
const UPLOAD_PATH =
  /(\/file|^\/api\/management\/customer\/(update|organization-update)|^\/api\/management\/admin\/update)\/?$/;

export interface AppOptions {
  /** The built web app; absent in API-only tests. */
  webDist?: string;
}

export function createApp(context: AppContext, options: AppOptions = {}) {
  const app = new Hono<AppEnv>({
    strict: false,
    // Hono's own choice of router, with its answers remembered per path (cachedRouter.ts).
    router: new CachedRouter(new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] })),
  });

  app.use(requestContext(context));
  app.use(securityHeaders(context.config));
  app.use(csrf());

  app.onError((error, c) => {
    const known = toHttpError(error);
    if (known?.code === "database_unavailable")
      context.logger.warn("database unavailable: answered 503", {
        requestId: c.var.requestId,
        error: rootCause(error),
      });
    if (known) return errorResponse(c, known);
    // A full disk is the server's state, not a fault of the request: 507 in plain words, logged.
    if (isStorageFull(error)) {
      context.logger.warn("no space left on the data folder's disk", {
        requestId: c.var.requestId,
        error: String((error as Error)?.message ?? error),
      });
      return errorResponse(c, storageFull());
    }
    const abandoned = abandonedRequest(error, c.req.raw);
    if (abandoned) {
      context.logger.info("request abandoned by the client", { requestId: c.var.requestId });
      return errorResponse(c, abandoned);
    }
    context.logger.error("unhandled error", {
      requestId: c.var.requestId,
      error: String((error as Error)?.stack ?? error),
    });
    return errorResponse(c, new HttpError(500, "Internal server error."));
  });

  app.get(
    "/api/health",
    describe({
      summary: "Service health: is the database reachable (no session needed).",
      tags: ["Service"],
      answer: {
        description: "The database is reachable.",
        schema: healthAnswer,
        example: { status: "ok", database: "postgres" },
      },
      refusals: {
        503: { description: "The database is not reachable: `status: 'degraded'`.", schema: healthAnswer },
      },
    }),
    async (c) => {
      const database = await databaseAlive(context.database);
      return c.json(
        { status: database ? "ok" : "degraded", database: context.database.backend },
        database ? 200 : 503,
      );
    },
  );

  app.use("/api/*", loadSession());
  app.use("/api/*", dummyReadOnly());
  // Every route's role, from the one table (server/http/roles/routeRoles.ts, docs/roles.md).
  app.use("/api/*", enforceRoles());
  // Every write's audit record (server/audit/routeAudit.ts, docs/operations.md).
  app.use("/api/*", recordWrites());
  const jsonBodyLimit = bodyLimit(JSON_BODY_LIMIT);
  // File uploads (paths ending in /file/) set their own, larger limits on their routes.
  app.use("/api/*", (c, next) => (UPLOAD_PATH.test(c.req.path) ? next() : jsonBodyLimit(c, next)));
  app.route("/ws/channel", liveChannel);
  app.route("/api/services/auth/signin", customerSignin);
  app.route("/api/management/admin/signin", staffSignin);
  app.route("/api", apiRoutes);
  app.route("/api", apiDescriptionRoutes(app));
  let allowedMethods: ((path: string) => string[]) | undefined;
  app.all("/api/*", (c) => {
    allowedMethods ??= allowedMethodsOf(app.routes);
    const allowed = allowedMethods(c.req.path);
    if (allowed.length === 0) throw new HttpError(404, "No such API route.");
    c.header("Allow", allowed.join(", "));
    throw new HttpError(405, `${c.req.method} is not allowed here; this path takes ${allowed.join(", ")}.`);
  });

  if (options.webDist && existsSync(join(options.webDist, "index.html"))) {
    mountWebApp(app, options.webDist);
  }
  return app;
}

/**
 * Serves the built single-page app: hashed assets cached for a year, every other path gets
 * index.html. The build writes each asset compressed beside it (web/vite.config.ts): a browser
 * gets the Brotli or gzip file its request accepts, never a compression made per request.
 */
function mountWebApp(app: Hono<AppEnv>, webDist: string) {
  const indexHtml = readFileSync(join(webDist, "index.html"), "utf8");
  app.use(
    "/assets/*",
    serveStatic({
      root: webDist,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.use("*", serveStatic({ root: webDist, precompressed: true }));
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml);
  });
}

/** The innermost cause's code and message (drizzle wraps the driver's error): what an operator reads. */
function rootCause(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  const code = (current as { code?: unknown })?.code;
  return `${code ? `${String(code)}: ` : ""}${current instanceof Error ? current.message : String(current)}`;
}
