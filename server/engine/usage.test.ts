/**
 * Usage rows stand for several runs (usage.ts): what the stats call and the back office's usage
 * chart count must still be the number of runs, never of rows. Expected figures are counted by
 * hand from the runs each test makes.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
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
import type { Session } from "../auth/sessions.ts";
import { cacheFigures } from "../caches/registry.ts";
import { customerUsers, organisations, queryUsageLog } from "../db/schema/index.ts";
import { marketCase } from "./testing/golden.ts";
import { writeWarehouse } from "./testing/queriesApp.ts";
import { flushQueryUsage, logQueryUsage, USAGE_FLUSH_ROWS } from "./usage.ts";

const STATS = "/api/management/queries/stats/";
const CHART = "/api/management/admin/organization/";

for (const backend of backends) {
  describe(`usage counts with aggregated rows (${backend})`, () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp(backend);
    });
    afterAll(() => t.close());

    async function organisationWithCustomer() {
      const organisation = await createOrganisation(t, { initialized: true });
      const user = await createCustomer(t, organisation.id);
      const customer = await signInCustomer(t, user.email);
      return { organisation, user, customer };
    }

    const statsOf = async (customer: HttpClient) => (await customer.post(STATS)).json.stats;
    /** The back office's usage chart, read by a site admin signed in now (staff sessions last 12 h). */
    const chartOf = async (id: string) => {
      const siteAdmin = await signInStaff(t, (await createStaff(t, "site_admin")).username);
      return (await siteAdmin.post(CHART, { id })).json.organization.queries_usage;
    };
    const today = () => t.clock.now().toISOString().slice(0, 10);

    test("runs logged in one batch: a row per group, every run counted by stats and chart", async () => {
      const { organisation, user, customer } = await organisationWithCustomer();
      const { db } = t.context.database;
      const staff = await createStaff(t, "agent");
      const [organisationRow] = await db
        .select()
        .from(organisations)
        .where(eq(organisations.id, organisation.id));
      const [userRow] = await db.select().from(customerUsers).where(eq(customerUsers.id, user.id));
      const customerSession: Session = {
        id: "s1",
        kind: "client",
        user: userRow!,
        organisation: organisationRow!,
      };
      const staffSession: Session = { id: "s2", kind: "admin", staff };
      const log = (session: Session, querie: string, cached: boolean, durationMs = 10) =>
        logQueryUsage(t.context, { organisationId: organisation.id, session, querie, durationMs, cached });

      // The test clock is at 2026-03-01T12:00:00Z. No await between the calls: one batch.
      expect(today()).toBe("2026-03-01");
      for (let i = 0; i < 30; i++) void log(customerSession, "querie1", true);
      for (let i = 0; i < 10; i++) void log(customerSession, "querie1", false, 100);
      for (let i = 0; i < 5; i++) void log(staffSession, "querie1", true);
      for (let i = 0; i < 7; i++) void log(customerSession, "querie2", true);
      t.clock.advance(12 * 3600 - 1); // 23:59:59
      for (let i = 0; i < 3; i++) void log(customerSession, "querie2", true);
      t.clock.advance(2); // 2026-03-02T00:00:01Z: another UTC day, another row
      for (let i = 0; i < 4; i++) void log(customerSession, "querie2", true);
      await flushQueryUsage(t.context);

      const rows = await db
        .select()
        .from(queryUsageLog)
        .where(eq(queryUsageLog.organisationId, organisation.id));
      const summary = rows
        .map(
          (row) =>
            `${row.querie} ${row.customerUserId ? "customer" : "staff"} cached=${row.cached} ` +
            `runs=${row.runs} ms=${row.durationMs}`,
        )
        .sort();
      expect(summary).toEqual([
        "querie1 customer cached=0 runs=10 ms=1000",
        "querie1 customer cached=1 runs=30 ms=300",
        "querie1 staff cached=1 runs=5 ms=50",
        "querie2 customer cached=1 runs=10 ms=100", // 7 + 3 on 2026-03-01
        "querie2 customer cached=1 runs=4 ms=40",
      ]);

      const stats = await statsOf(customer);
      expect(stats.querie1).toBe(45); // 30 + 10 + 5
      expect(stats.querie2).toBe(14); // 7 + 3 + 4
      expect(stats.querie3).toBe(0);
      expect(await chartOf(organisation.id)).toEqual([
        { date: "2026-03-01", querie: "querie1", count: 45 },
        { date: "2026-03-01", querie: "querie2", count: 10 },
        { date: "2026-03-02", querie: "querie2", count: 4 },
      ]);
    });

    test("waiting rows never pass USAGE_FLUSH_ROWS: the next one sends the batch, every run is written", async () => {
      const { organisation, user } = await organisationWithCustomer();
      const { db } = t.context.database;
      const [organisationRow] = await db
        .select()
        .from(organisations)
        .where(eq(organisations.id, organisation.id));
      const [userRow] = await db.select().from(customerUsers).where(eq(customerUsers.id, user.id));
      const session: Session = { id: "s3", kind: "client", user: userRow!, organisation: organisationRow! };
      await flushQueryUsage(t.context);
      // A day apart, each run is a group of its own: USAGE_FLUSH_ROWS + 1 rows.
      for (let i = 0; i <= USAGE_FLUSH_ROWS; i++) {
        void logQueryUsage(t.context, {
          organisationId: organisation.id,
          session,
          querie: "querie3",
          durationMs: 1,
          cached: true,
        });
        t.clock.advance(24 * 3600);
      }
      expect(cacheFigures().find((cache) => cache.name === "usage")).toEqual({
        name: "usage",
        size: 1,
        max: USAGE_FLUSH_ROWS,
      });
      await flushQueryUsage(t.context);
      const rows = await db
        .select()
        .from(queryUsageLog)
        .where(eq(queryUsageLog.organisationId, organisation.id));
      expect(rows.length).toBe(USAGE_FLUSH_ROWS + 1);
      expect(rows.reduce((total, row) => total + row.runs, 0)).toBe(USAGE_FLUSH_ROWS + 1);
    });

    test("N runs through the API: the stats call and the chart count N", async () => {
      const { organisation, customer } = await organisationWithCustomer();
      await writeWarehouse(t.dataDir, { year: 2024, market: [marketCase({ rendering_npi: "1111111111" })] });
      const { db } = t.context.database;
      await giveAnalysisYears(t, organisation.id, [2024]);

      // 1 miss, then 24 at once (hits, or waiting on the same computation), then 6 of another analysis.
      expect((await customer.post("/api/management/queries/querie1/", {})).status).toBe(200);
      const runs = await Promise.all(
        Array.from({ length: 24 }, () => customer.post("/api/management/queries/querie1/", {})),
      );
      expect(runs.every((run) => run.status === 200)).toBe(true);
      for (let i = 0; i < 6; i++)
        expect((await customer.post("/api/management/queries/querie3/", {})).status).toBe(200);

      const stats = await statsOf(customer);
      expect(stats.querie1).toBe(25);
      expect(stats.querie3).toBe(6);
      expect(await chartOf(organisation.id)).toEqual([
        { date: today(), querie: "querie1", count: 25 },
        { date: today(), querie: "querie3", count: 6 },
      ]);
      // Fewer rows than runs: the batch grouped them (at least the two analyses' cached runs).
      const rows = await db
        .select()
        .from(queryUsageLog)
        .where(eq(queryUsageLog.organisationId, organisation.id));
      expect(rows.length).toBeLessThan(31);
      expect(rows.reduce((total, row) => total + row.runs, 0)).toBe(31);
    });
  });
}
