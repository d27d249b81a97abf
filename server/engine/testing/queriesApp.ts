/**
 * The queries routes behind the app's own middleware (context, CSRF, session, dummy read-only,
 * error shape), for API tests while server/routes/index.ts does not mount them yet (the real app is
 * used as soon as it does). Sign in through the real app, then `sameBrowser` carries the cookies.
 */
import { Hono } from "hono";
import { HttpClient } from "../../../tests/helpers/httpClient.ts";
import type { TestApp } from "../../../tests/helpers/testApp.ts";
import type { AppEnv } from "../../context.ts";
import { openDuckDb } from "../../duckdb/open.ts";
import { errorResponse, HttpError, toHttpError } from "../../http/errors.ts";
import { csrf } from "../../http/middleware/csrf.ts";
import { dummyReadOnly } from "../../http/middleware/dummyReadOnly.ts";
import { requestContext } from "../../http/middleware/requestLog.ts";
import { loadSession } from "../../http/middleware/session.ts";
import { warehousePaths } from "../../ingest/storage.ts";
import { marketCaseColumns, practiceLineColumns } from "../canonicalColumns.ts";
import { queriesRoutes } from "../routes.ts";
import { type Row, writeParquet } from "./golden.ts";

export function queriesApp(t: TestApp): Hono<AppEnv> {
  // Once server/routes/index.ts mounts the routes, the tests run against the real app.
  if (t.app.routes.some((route) => route.path.startsWith("/api/management/queries/"))) return t.app;
  const app = new Hono<AppEnv>({ strict: false });
  app.use(requestContext(t.context));
  app.use(csrf());
  app.onError((error, c) => errorResponse(c, toHttpError(error) ?? new HttpError(500, String(error))));
  app.use("/api/*", loadSession());
  app.use("/api/*", dummyReadOnly());
  app.route("/api/management/queries", queriesRoutes);
  return app;
}

/** A client of `app` with the cookies (session, CSRF) of a client signed in on the real app. */
export function sameBrowser(app: Hono<AppEnv>, signedIn: HttpClient) {
  const client = new HttpClient(app);
  for (const [name, value] of signedIn.cookies) client.cookies.set(name, value);
  return client;
}

/** Writes warehouse files where ingestion would (server/ingest/storage.ts). */
export async function writeWarehouse(
  dataDir: string,
  input: { year: number; market?: Row[]; practice?: { organisationId: string; rows: Row[] } },
) {
  const duck = await openDuckDb({ dataDir, threads: 1 });
  try {
    if (input.market) {
      await writeParquet(
        duck,
        warehousePaths.marketCases(dataDir, input.year, "IP"),
        marketCaseColumns,
        input.market,
      );
    }
    if (input.practice) {
      const path = warehousePaths.practiceLines(dataDir, input.practice.organisationId, input.year);
      await writeParquet(duck, path, practiceLineColumns, input.practice.rows);
    }
  } finally {
    duck.close();
  }
}
