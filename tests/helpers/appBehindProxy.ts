/**
 * A test app on a database of its own, reached through a TCP proxy the test controls (cut,
 * restore, close each connection behind the server's answer), with a site admin signed in:
 * PostgreSQL going away and coming back without touching the machine's shared service.
 */
import { freshPostgresDatabase } from "./backends.ts";
import { createStaff, signInStaff } from "./factories.ts";
import type { HttpClient } from "./httpClient.ts";
import { startTcpProxy, type TcpProxy } from "./tcpProxy.ts";
import { startTestApp, type TestApp } from "./testApp.ts";

export interface AppBehindProxy {
  t: TestApp;
  proxy: TcpProxy;
  staff: HttpClient;
  staffId: string;
  /** The database's address without the proxy: another process's, which a cut does not reach. */
  directUrl: string;
  /** Closes the app, then the proxy, then drops the database. */
  close(): Promise<void>;
}

export async function startAppBehindProxy(): Promise<AppBehindProxy> {
  const database = await freshPostgresDatabase();
  const proxy = await startTcpProxy({ host: "127.0.0.1", port: 5432 });
  const url = new URL(database.url);
  url.host = `127.0.0.1:${proxy.port}`;
  const t = await startTestApp("postgres", {}, { databaseUrl: url.toString() });
  const admin = await createStaff(t, "site_admin");
  return {
    t,
    proxy,
    staff: await signInStaff(t, admin.username),
    staffId: admin.id,
    directUrl: database.url,
    async close() {
      await t.close();
      await proxy.close();
      await database.drop();
    },
  };
}
