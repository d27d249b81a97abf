/**
 * The cached path of an analysis across server processes. Two test apps on one PostgreSQL database
 * play two processes (each with its own data folder holding the same warehouse files); process B
 * has the organisation's snapshot and the answer cached, a change made through process A must turn
 * B's next run into a miss at once. Usage rows are buffered per process and still all counted.
 *
 * Organisation: provider 1111111111, PSA 10001, years 2023 and 2024 with data; market 2024 holds one
 * case of the provider and three of another hospital, so querie1's market share is 1 / 4 = 25%.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { backends } from "../../tests/helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  createStaff,
  giveAnalysisYears,
  signInCustomer,
  signInStaff,
} from "../../tests/helpers/factories.ts";
import type { HttpClient } from "../../tests/helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { inProcess, nextInvalidation } from "./testing/crossProcess.ts";
import { marketCase } from "./testing/golden.ts";
import { writeWarehouse } from "./testing/queriesApp.ts";
import { flushQueryUsage } from "./usage.ts";

const market2024 = [
  marketCase({ rendering_npi: "1111111111" }),
  marketCase({ facility_npi: "3000000001", facility_name: "Other Hospital", cases: 3 }),
];
const market2023 = [marketCase({ rendering_npi: "1111111111", cases: 2 })];

async function withData(t: TestApp, organisationId?: string) {
  await writeWarehouse(t.dataDir, { year: 2024, market: market2024 });
  await writeWarehouse(t.dataDir, { year: 2023, market: market2023 });
  if (!organisationId) return;
  await giveAnalysisYears(t, organisationId, [2023, 2024]);
}

const RUN = "/api/management/queries/querie1/";

describe.if(backends.includes("postgres"))("analysis cache across processes (postgres)", () => {
  let a: TestApp;
  let b: TestApp;
  let orgId: string;
  let customerA: HttpClient;
  let customerB: HttpClient;
  let staffA: HttpClient;

  beforeAll(async () => {
    a = await startTestApp("postgres");
    b = await startTestApp("postgres", {}, { shareDatabaseWith: a });
    orgId = (await createOrganisation(a, { initialized: true })).id;
    await withData(a, orgId);
    await withData(b);
    const user = await createCustomer(a, orgId);
    customerA = await signInCustomer(a, user.email);
    customerB = inProcess(b, customerA);
    staffA = await signInStaff(a, (await createStaff(a)).username);
  }, 60_000);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  test("a service area added in process A is a cache miss in process B at once", async () => {
    const first = await customerB.post(RUN, {});
    expect(first.status).toBe(200);
    expect(first.json.results.customer_market_share).toEqual({ claims: 1, market_share: 25 });
    expect((await customerB.post(RUN, {})).headers.get("x-cache")).toBe("hit");

    const heard = nextInvalidation(b, "data");
    const added = await staffA.post("/api/management/admin/customer/service_area/", {
      organization_uuid: orgId,
      year: 2024,
      service_area: [{ zipcode: "10002", type: "SSA", year: 2024 }],
    });
    expect(added.status).toBe(200);
    await heard;
    expect((await customerB.post(RUN, {})).headers.get("x-cache")).toBe("miss");
    expect((await customerB.post(RUN, {})).headers.get("x-cache")).toBe("hit");
  });

  test("a year removed in process A is refused by process B at once", async () => {
    expect((await customerB.post(RUN, { filters: { year: 2023 } })).status).toBe(200);
    const heard = nextInvalidation(b, "data");
    const removed = await staffA.request("DELETE", "/api/management/admin/customer/remove-year/", {
      organization: orgId,
      year: 2023,
      action: "delete",
    });
    expect(removed.status).toBe(200);
    await heard;
    const refused = await customerB.post(RUN, { filters: { year: 2023 } });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual([
      { field: "filters.year", message: "no data for 2023 (available years: 2024)" },
    ]);
  });

  test("runs answered by process B are counted by process A once B has written them", async () => {
    await flushQueryUsage(b.context); // the runs of the tests above
    const before = (await customerA.post("/api/management/queries/stats/")).json.stats.querie1;
    for (let i = 0; i < 3; i++) expect((await customerB.post(RUN, {})).status).toBe(200);
    // B counts its own runs at once (it flushes before reading) ...
    expect((await customerB.post("/api/management/queries/stats/")).json.stats.querie1).toBe(before + 3);
    // ... A once B's buffer is written (within USAGE_FLUSH_MS by its timer; here at once).
    await flushQueryUsage(b.context);
    expect((await customerA.post("/api/management/queries/stats/")).json.stats.querie1).toBe(before + 3);
  });

  test("a process that stops writes its buffered runs first", async () => {
    const c = await startTestApp("postgres", {}, { shareDatabaseWith: a });
    const before = (await customerA.post("/api/management/queries/stats/")).json.stats.querie1;
    try {
      await withData(c);
      const customerC = inProcess(c, customerA);
      for (let i = 0; i < 2; i++) expect((await customerC.post(RUN, {})).status).toBe(200);
    } finally {
      await c.close();
    }
    expect((await customerA.post("/api/management/queries/stats/")).json.stats.querie1).toBe(before + 2);
  });
});

for (const backend of backends) {
  describe(`usage buffer (${backend})`, () => {
    let t: TestApp;
    let customer: HttpClient;
    beforeAll(async () => {
      t = await startTestApp(backend);
      const orgId = (await createOrganisation(t, { initialized: true })).id;
      await withData(t, orgId);
      customer = await signInCustomer(t, (await createCustomer(t, orgId)).email);
    }, 60_000);
    afterAll(() => t.close());

    test("every run is counted, concurrent ones included", async () => {
      // 1 miss, then 39 runs at once (hits, or waiting on the same computation): 40 rows.
      expect((await customer.post("/api/management/queries/querie3/", {})).status).toBe(200);
      const runs = await Promise.all(
        Array.from({ length: 39 }, () => customer.post("/api/management/queries/querie3/", {})),
      );
      expect(runs.every((run) => run.status === 200)).toBe(true);
      const stats = await customer.post("/api/management/queries/stats/");
      expect(stats.json.stats.querie3).toBe(40);
    });
  });
}
