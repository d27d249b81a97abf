/**
 * A PostgreSQL restart under a running server (issue 33, "Dependencies restart"): a TCP proxy the
 * test starts sits between the app and 127.0.0.1:5432 and is cut (every connection closed, new
 * ones refused) then restored, as a restart looks from the server, without touching the shared
 * PostgreSQL service. Requests meanwhile answer 503 `database_unavailable` with Retry-After, the
 * pool reconnects by itself, and jobs queued before the cut run exactly once.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { notifications } from "../../server/db/schema/index.ts";
import { JobQueue, type QueueTuning } from "../../server/jobs/queue.ts";
import { CACHE_NOTIFY_CHANNEL } from "../../server/live/hub.ts";
import { type AppBehindProxy, startAppBehindProxy } from "../helpers/appBehindProxy.ts";
import { backends } from "../helpers/backends.ts";
import { createStaff, signInStaff } from "../helpers/factories.ts";
import type { HttpClient } from "../helpers/httpClient.ts";
import type { TcpProxy } from "../helpers/tcpProxy.ts";
import type { TestApp } from "../helpers/testApp.ts";

const FAST: QueueTuning = {
  expireInSeconds: 60,
  retryLimit: 1,
  pollingIntervalSeconds: 0.5,
  // The reconcile (which fails orphaned jobs) runs every second: a job left active would be retried.
  maintenanceIntervalSeconds: 1,
};

async function until(predicate: () => Promise<boolean> | boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await predicate()) return true;
    await Bun.sleep(100);
  }
  return false;
}

const onPostgres = backends.includes("postgres");
if (!onPostgres)
  console.warn(
    "database restart: PostgreSQL only (PGlite runs inside the process: nothing restarts under it)",
  );

describe.skipIf(!onPostgres)("a PostgreSQL restart under the server (postgres)", () => {
  let app: AppBehindProxy;
  let proxy: TcpProxy;
  let t: TestApp;
  let queue: JobQueue;
  let staff: HttpClient;
  let staffId: string;
  const runs: Record<string, number> = {};
  let releaseAcross: () => void = () => {};
  const acrossGate = new Promise<void>((resolve) => {
    releaseAcross = resolve;
  });

  beforeAll(async () => {
    app = await startAppBehindProxy();
    ({ proxy, t, staff, staffId } = app);
    queue = new JobQueue(t.context, FAST).define<{ label: string }>({
      name: "restart-count",
      title: (data) => `Counting ${data.label}`,
      singletonKey: (data) => data.label,
      async run(_context, job) {
        runs[job.data.label] = (runs[job.data.label] ?? 0) + 1;
        // One job is still working when the database goes away, and finishes during the outage.
        if (job.data.label === "across") await acrossGate;
        return { counted: job.data.label };
      },
    });
    await queue.start();
  }, 120_000);

  afterAll(async () => {
    await proxy?.restore();
    await queue?.stop({ graceful: false });
    await app?.close();
  }, 60_000);

  test("503 with Retry-After while it is down, 200 after, and each job queued before runs once", async () => {
    expect((await staff.get("/api/management/admin/detail/")).status).toBe(200);
    const requester = { staffAccountId: staffId };
    const across = await queue.send("restart-count", { label: "across" }, requester);
    expect(await until(() => runs.across === 1)).toBe(true);
    // Queued before the cut, due during it: taken once the database is back.
    const dueLater = await queue.send("restart-count", { label: "due-later" }, requester, {
      startAfter: new Date(Date.now() + 1500),
    });

    await proxy.cut();
    const during = await staff.get("/api/management/admin/detail/");
    expect({ status: during.status, code: during.json?.code }).toEqual({
      status: 503,
      code: "database_unavailable",
    });
    expect(Number(during.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(during.json.detail).not.toMatch(/ECONNREFUSED|CONNECTION|127\.0\.0\.1/);
    releaseAcross();
    await Bun.sleep(3000);
    expect((await staff.get("/api/management/admin/detail/")).status).toBe(503);

    await proxy.restore();
    // The pool reconnects at the next query: no restart of the server, no error left behind.
    expect((await staff.get("/api/management/admin/detail/")).status).toBe(200);
    expect(await until(async () => (await queue.state("restart-count", across)) === "completed")).toBe(true);
    expect(await until(async () => (await queue.state("restart-count", dueLater)) === "completed")).toBe(
      true,
    );
    // Several reconciles later (one a second), nothing was taken for an orphan and run again.
    await Bun.sleep(3000);
    expect(runs).toEqual({ across: 1, "due-later": 1 });
    const [task] = await t.context.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, across));
    expect(task).toMatchObject({ status: "success", progress: 100 });
  }, 90_000);

  test("a session another process revoked while the server could not listen is refused once it listens again", async () => {
    const other = await createStaff(t, "site_admin");
    const revoked = await signInStaff(t, other.username);
    // Validated once: from now on the process's session cache answers for it.
    expect((await revoked.get("/api/management/admin/detail/")).status).toBe(200);

    await proxy.cut();
    // Another process, whose connection the cut does not reach, revokes the session and tells
    // every process: this one is not listening, so it never hears it.
    const direct = postgres(app.directUrl, { max: 1, onnotice: () => {} });
    try {
      await direct`UPDATE sessions SET revoked_at = now() WHERE staff_account_id = ${other.id}`;
      await direct`SELECT pg_notify(${CACHE_NOTIFY_CHANNEL}, ${JSON.stringify({ origin: "another process", topic: "session", key: `staff:${other.id}` })})`;
    } finally {
      await direct.end();
    }
    await proxy.restore();
    // The listening connection comes back within seconds and the caches start again from the
    // database; the session cache's own bound (a minute) is not what refuses it.
    const started = Date.now();
    expect(await until(async () => (await revoked.get("/api/management/admin/detail/")).status === 401)).toBe(
      true,
    );
    expect(Date.now() - started).toBeLessThan(30_000);
    expect((await staff.get("/api/management/admin/detail/")).status).toBe(200);
  }, 90_000);
});
