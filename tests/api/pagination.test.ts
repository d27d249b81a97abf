import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { reportSubscriptions } from "../../server/db/schema/index.ts";
import { MAX_PAGE_SIZE } from "../../server/http/pagination.ts";
import { SUBSCRIPTIONS_PAGE } from "../../server/reports/subscriptions.ts";
import { backends } from "../helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  createStaff,
  signInCustomer,
  signInStaff,
} from "../helpers/factories.ts";
import type { HttpClient } from "../helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../helpers/testApp.ts";

const TOTAL = 10_000;

/** `count` subscriptions of one owner; many share a creation time, so the id must break the ties. */
function subscriptionRows(organisationId: string, ownerUserId: string, count: number, from = 0) {
  return Array.from({ length: count }, (_, i) => ({
    organisationId,
    ownerUserId,
    querie: "querie1",
    title: `Report ${from + i}`,
    frequency: "weekly" as const,
    weekday: 1,
    hour: 8,
    timeZone: "UTC",
    paused: true,
    // 100 distinct times: a hundred rows share each, so the id must order them.
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, (from + i) % 100, 123)),
  }));
}

for (const backend of backends) {
  describe(`cursor pagination: report subscriptions (${backend})`, () => {
    let t: TestApp;
    let staff: HttpClient;
    let organisationId: string;
    let owner: { id: string; email: string };
    beforeAll(async () => {
      t = await startTestApp(backend);
      staff = await signInStaff(t, (await createStaff(t)).username);
      organisationId = (await createOrganisation(t, { initialized: true })).id;
      owner = await createCustomer(t, organisationId);
      const { db } = t.context.database;
      for (let from = 0; from < TOTAL; from += 1000) {
        await db.insert(reportSubscriptions).values(subscriptionRows(organisationId, owner.id, 1000, from));
      }
    });
    afterAll(() => t.close());

    const adminList = (query = "") =>
      staff.get(`/api/management/admin/report-subscription/${organisationId}/${query}`);

    test(`10,000 subscriptions walked at ${MAX_PAGE_SIZE} a page: each once, in the stored order`, async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = cursor ? `?limit=${MAX_PAGE_SIZE}&cursor=${cursor}` : `?limit=${MAX_PAGE_SIZE}`;
        const page = await adminList(query);
        expect(page.status).toBe(200);
        expect(page.json.subscriptions.length).toBeLessThanOrEqual(MAX_PAGE_SIZE);
        seen.push(...page.json.subscriptions.map((subscription: { id: string }) => subscription.id));
        cursor = page.json.next_cursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(TOTAL / MAX_PAGE_SIZE);
      expect(new Set(seen).size).toBe(TOTAL);
      const stored = await t.context.database.db
        .select({ id: reportSubscriptions.id })
        .from(reportSubscriptions)
        .where(eq(reportSubscriptions.organisationId, organisationId))
        .orderBy(asc(reportSubscriptions.createdAt), asc(reportSubscriptions.id));
      expect(seen).toEqual(stored.map((row) => row.id));
    });

    test("without a limit, a page is what the screens show; the last page's cursor is null", async () => {
      const first = await adminList();
      expect(first.json.subscriptions).toHaveLength(SUBSCRIPTIONS_PAGE);
      expect(typeof first.json.next_cursor).toBe("string");
      const other = await createOrganisation(t, { initialized: true });
      const alone = await createCustomer(t, other.id);
      await t.context.database.db.insert(reportSubscriptions).values(subscriptionRows(other.id, alone.id, 3));
      const small = await staff.get(`/api/management/admin/report-subscription/${other.id}/?limit=2`);
      expect(small.json.subscriptions).toHaveLength(2);
      const last = await staff.get(
        `/api/management/admin/report-subscription/${other.id}/?limit=2&cursor=${small.json.next_cursor}`,
      );
      expect(last.json.subscriptions).toHaveLength(1);
      expect(last.json.next_cursor).toBeNull();
    });

    test("a row added before the cursor does not shift the next page", async () => {
      const first = await adminList("?limit=5");
      // Older than every row: it sorts first, on a page already read.
      await t.context.database.db.insert(reportSubscriptions).values({
        ...subscriptionRows(organisationId, owner.id, 1)[0]!,
        createdAt: new Date(Date.UTC(2025, 0, 1)),
      });
      const second = await adminList(`?limit=5&cursor=${first.json.next_cursor}`);
      const firstIds = first.json.subscriptions.map((s: { id: string }) => s.id);
      for (const subscription of second.json.subscriptions) expect(firstIds).not.toContain(subscription.id);
      expect(second.json.subscriptions[0].title).not.toBe(first.json.subscriptions[4].title);
    });

    test("a customer pages its own subscriptions, with its colleagues on each page", async () => {
      const customer = await signInCustomer(t, owner.email);
      const first = await customer.get("/api/management/customer/report-subscription/?limit=3");
      expect(first.status).toBe(200);
      expect(first.json.subscriptions).toHaveLength(3);
      expect(first.json.colleagues.map((colleague: { id: string }) => colleague.id)).toContain(owner.id);
      const next = await customer.get(
        `/api/management/customer/report-subscription/?limit=3&cursor=${first.json.next_cursor}`,
      );
      expect(next.json.subscriptions).toHaveLength(3);
    });

    test("a limit out of bounds and a cursor not made by the server are refused naming the field", async () => {
      const tooMany = await adminList(`?limit=${MAX_PAGE_SIZE + 1}`);
      expect(tooMany.status).toBe(400);
      expect(tooMany.json.errors).toEqual([{ field: "limit", message: `must be at most ${MAX_PAGE_SIZE}` }]);
      for (const cursor of ["not-a-cursor", Buffer.from('["x","y"]').toString("base64url")]) {
        const forged = await adminList(`?cursor=${cursor}`);
        expect(forged.status).toBe(400);
        expect(forged.json.errors[0].field).toBe("cursor");
      }
    });
  });
}
