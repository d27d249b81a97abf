/**
 * The session cache across server processes: two test apps on one PostgreSQL database play two
 * processes (PGlite is one process's own database, so this runs on PostgreSQL only). Process B has
 * the session cached; a logout, a block or an organisation change made through process A must be
 * seen by B as soon as A's NOTIFY reaches it, not after the cache's few seconds.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { backends } from "../../tests/helpers/backends.ts";
import { createCustomer, createOrganisation, signInCustomer } from "../../tests/helpers/factories.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { cacheFigures } from "../caches/registry.ts";
import { cacheLimits } from "../config.ts";
import { inProcess, nextInvalidation } from "../engine/testing/crossProcess.ts";
import { SESSION_CACHE_SECONDS } from "./sessions.ts";

const DETAIL = "/api/management/customer/detail/";

const onPostgres = backends.includes("postgres");

describe.if(onPostgres)("session cache across processes (postgres)", () => {
  let a: TestApp;
  let b: TestApp;
  let orgId: string;

  beforeAll(async () => {
    a = await startTestApp("postgres");
    b = await startTestApp("postgres", {}, { shareDatabaseWith: a });
    orgId = (await createOrganisation(a, { name: "Lakeside Ortho", initialized: true })).id;
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  test("a logout in process A is refused by process B at once", async () => {
    const user = await createCustomer(a, orgId);
    const browserA = await signInCustomer(a, user.email);
    const browserB = inProcess(b, browserA);
    // B validates the session once and keeps it.
    expect((await browserB.get(DETAIL)).status).toBe(200);
    expect((await browserB.get(DETAIL)).status).toBe(200);

    const heard = nextInvalidation(b, "session");
    const started = performance.now();
    expect((await browserA.post("/api/admin/logout/")).status).toBe(200);
    await heard;
    // Well inside the cache's lifetime: B dropped it because A said so, not because it aged out.
    expect(performance.now() - started).toBeLessThan(SESSION_CACHE_SECONDS * 1000);
    const replay = await browserB.get(DETAIL);
    expect(replay.status).toBe(401);
    expect(replay.json.detail).toBe("Invalid token.");
  });

  test("blocking a user in process A ends its cached session in process B", async () => {
    const admin = await createCustomer(a, orgId, { isStaff: true });
    const user = await createCustomer(a, orgId, { isStaff: false });
    const adminA = await signInCustomer(a, admin.email);
    const userB = inProcess(b, await signInCustomer(a, user.email));
    expect((await userB.get(DETAIL)).status).toBe(200);

    const heard = nextInvalidation(b, "session");
    const blocked = await adminA.patch("/api/management/customer/detail/", {
      user_data: { id: user.id, blocked: true },
    });
    expect(blocked.status).toBe(200);
    await heard;
    expect((await userB.get(DETAIL)).status).toBe(401);
  });

  test("an organisation change in process A is in the session process B answers with", async () => {
    const user = await createCustomer(a, orgId);
    const browserA = await signInCustomer(a, user.email);
    const browserB = inProcess(b, browserA);
    const before = await browserB.get(DETAIL);
    expect(before.json.organization.agreement_accepted).toBe(false);

    const heard = nextInvalidation(b, "session");
    const accepted = await browserA.post("/api/management/customer/agreement/", { organization: orgId });
    expect(accepted.status).toBe(200);
    await heard;
    expect((await browserB.get(DETAIL)).json.organization.agreement_accepted).toBe(true);
  });
  test("the session cache is listed with its configured bound (its eviction: live/processCache.test.ts)", async () => {
    const user = await createCustomer(a, orgId);
    const browserB = inProcess(b, await signInCustomer(a, user.email));
    expect((await browserB.get(DETAIL)).status).toBe(200);
    const sessions = cacheFigures().find((cache) => cache.name === "sessions");
    expect(sessions?.max).toBe(cacheLimits().sessionEntries);
    // Two apps in one test process: the line shows the cache made last (a server has one).
    expect(sessions!.size).toBeLessThanOrEqual(sessions!.max);
  });
});
