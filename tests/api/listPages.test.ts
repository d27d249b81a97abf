/**
 * Cursor pagination (server/http/pagination.ts) on the lists that grow fastest besides the report
 * subscriptions (pagination.test.ts): a customer's saved views, a user's stored notifications and
 * tasks, the staff mailbox's users of every organisation, and a year's versions (each upload and
 * restore adds one). Each is filled with 10,000 rows in
 * bulk (many sharing a time or a name, so the id must break the ties) and walked at 200 a page: every
 * row exactly once, in the order the database sorts them; a forged cursor is refused naming it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import {
  customerUsers,
  notifications,
  organisations,
  organisationYears,
  practiceYearVersions,
  savedQueries,
} from "../../server/db/schema/index.ts";
import { SAVED_VIEWS_PAGE } from "../../server/engine/savedQueries.ts";
import { MAX_PAGE_SIZE } from "../../server/http/pagination.ts";
import { VERSIONS_PAGE } from "../../server/ingest/versions.ts";
import { NOTIFICATIONS_PAGE } from "../../server/live/notificationPages.ts";
import { MAILBOX_PAGE } from "../../server/mail/recipients.ts";
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
const BATCH = 1000;

/** One of 100 times: a hundred rows of 10,000 share each. */
const sharedTime = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i % 100, 123));

async function inBatches<Row>(
  count: number,
  rowOf: (i: number) => Row,
  insert: (rows: Row[]) => Promise<unknown>,
) {
  for (let from = 0; from < count; from += BATCH) {
    await insert(Array.from({ length: Math.min(BATCH, count - from) }, (_, i) => rowOf(from + i)));
  }
}

type Page = {
  status: number;
  json: { next_cursor: string | null; errors?: { field: string; message: string }[]; [key: string]: unknown };
};

/** Every page of a list at `limit` a page, from the first: the pages as answered. */
async function walk(read: (query: string) => Promise<Page>, limit = MAX_PAGE_SIZE) {
  const pages: Page["json"][] = [];
  let cursor: string | null = null;
  do {
    const page: Page = await read(cursor ? `limit=${limit}&cursor=${cursor}` : `limit=${limit}`);
    expect(page.status).toBe(200);
    pages.push(page.json);
    cursor = page.json.next_cursor;
  } while (cursor);
  return pages;
}

async function refusesForgedCursors(read: (query: string) => Promise<Page>) {
  for (const cursor of ["not-a-cursor", Buffer.from('["x","y"]').toString("base64url")]) {
    const forged = await read(`cursor=${cursor}`);
    expect(forged.status).toBe(400);
    expect(forged.json.errors?.[0]?.field).toBe("cursor");
  }
  const tooMany = await read(`limit=${MAX_PAGE_SIZE + 1}`);
  expect(tooMany.status).toBe(400);
  expect(tooMany.json.errors).toEqual([{ field: "limit", message: `must be at most ${MAX_PAGE_SIZE}` }]);
}

for (const backend of backends) {
  describe(`cursor pagination at 10,000 rows: saved views, notifications, mailbox, versions (${backend})`, () => {
    let t: TestApp;
    let staff: HttpClient;
    let customer: HttpClient;
    let organisationId: string;
    let owner: { id: string; email: string };
    let colleague: { id: string; email: string };
    beforeAll(async () => {
      t = await startTestApp(backend);
      const { db } = t.context.database;
      staff = await signInStaff(t, (await createStaff(t)).username);
      organisationId = (await createOrganisation(t, { initialized: true })).id;
      owner = await createCustomer(t, organisationId);
      colleague = await createCustomer(t, organisationId, { isStaff: false });
      customer = await signInCustomer(t, owner.email);
      // Saved views: the owner's 6,000 (private and shared), the colleague's 4,000 shared, and 500
      // private ones of the colleague that the owner must never see.
      await inBatches(
        TOTAL + 500,
        (i) => {
          const mine = i % 5 < 3 && i < TOTAL;
          const author = mine ? owner : colleague;
          return {
            organisationId,
            ownerUserId: author.id,
            username: "Test User",
            ownerEmail: author.email,
            name: "querie1",
            querie: 1,
            title: `View ${i}`,
            accessible: mine ? i % 2 === 0 : i < TOTAL,
            createdAt: sharedTime(i),
          };
        },
        (rows) => db.insert(savedQueries).values(rows),
      );
      // Notifications and tasks: 10,000 of the owner's, 300 of the colleague's.
      await inBatches(
        TOTAL + 300,
        (i) => ({
          type: i % 4 === 0 ? ("task" as const) : ("notification" as const),
          message: `Item ${i}`,
          customerUserId: i < TOTAL ? owner.id : colleague.id,
          emitOn: sharedTime(i),
        }),
        (rows) => db.insert(notifications).values(rows),
      );
      // The mailbox: 10,000 users in 100 organisations whose names repeat (ten of each name), so the
      // organisation id orders them; 200 blocked users more, never listed.
      const mailOrganisations = await db
        .insert(organisations)
        .values(
          Array.from({ length: 100 }, (_, i) => ({ slug: `mail-${backend}-${i}`, name: `Clinic ${i % 10}` })),
        )
        .returning({ id: organisations.id });
      await inBatches(
        TOTAL + 200,
        (i) => ({
          organisationId: mailOrganisations[i % 100]!.id,
          email: `person-${String(i % 37).padStart(2, "0")}-${i}@example.com`,
          username: `Person ${i}`,
          blocked: i >= TOTAL,
        }),
        (rows) => db.insert(customerUsers).values(rows),
      );
      // A year's versions: 10,000 of 2024 in one statement (a hundred share each time, fifty each
      // data version, so the id orders them), and 100 of 2025 never listed with 2024's.
      await db.insert(organisationYears).values(
        [2024, 2025].map((year) => ({
          organisationId,
          year,
          fileState: "uploaded" as const,
          dataVersion: 1,
        })),
      );
      await db.execute(sql`
        INSERT INTO practice_year_versions
          (organisation_id, year, data_version, rows, checksum, storage_name, created_at)
        SELECT ${organisationId}, CASE WHEN i <= ${TOTAL} THEN 2024 ELSE 2025 END, i % 50, i,
               'sha256:' || i, 'v' || i || '.parquet',
               timestamptz '2026-01-01 00:00:00.123+00' + (i % 100) * interval '1 second'
        FROM generate_series(1, ${TOTAL + 100}) AS i`);
    }, 180_000);
    afterAll(() => t.close());

    const savedViews = (query: string) =>
      customer.get(`/api/management/queries/save/?${query}`) as Promise<Page>;
    const items = (query: string) =>
      customer.get(`/api/management/customer/notification/?${query}`) as Promise<Page>;
    const mailbox = (query: string) => staff.get(`/api/services/email/get/?${query}`) as Promise<Page>;
    const versions = (query: string) =>
      staff.get(
        `/api/management/admin/customer/year-version/${organisationId}/2024/?${query}`,
      ) as Promise<Page>;

    test("a year's versions: each once, newest first, after the year detail's first page", async () => {
      const pages = await walk(versions);
      const seen = pages.flatMap((page) => (page.versions as { id: string }[]).map((version) => version.id));
      const stored = await t.context.database.db
        .select({ id: practiceYearVersions.id })
        .from(practiceYearVersions)
        .where(
          and(eq(practiceYearVersions.organisationId, organisationId), eq(practiceYearVersions.year, 2024)),
        )
        .orderBy(
          desc(practiceYearVersions.createdAt),
          desc(practiceYearVersions.dataVersion),
          desc(practiceYearVersions.id),
        );
      expect(stored).toHaveLength(TOTAL);
      expect(seen).toEqual(stored.map((row) => row.id));
      expect(pages).toHaveLength(TOTAL / MAX_PAGE_SIZE);
      // The year detail shows the newest page; its cursor reads on from there, as the screen does.
      const detail = await staff.post("/api/management/admin/organization/", {
        full: true,
        id: organisationId,
        year: 2024,
      });
      expect(detail.status).toBe(200);
      const first = detail.json.data.versions.map((version: { id: string }) => version.id);
      expect(first).toEqual(stored.slice(0, VERSIONS_PAGE).map((row) => row.id));
      const next = await versions(`cursor=${detail.json.data.versions_next_cursor}`);
      expect((next.json.versions as { id: string }[]).map((version) => version.id)).toEqual(
        stored.slice(VERSIONS_PAGE, 2 * VERSIONS_PAGE).map((row) => row.id),
      );
      await refusesForgedCursors(versions);
      const unknownYear = await staff.get(
        `/api/management/admin/customer/year-version/${organisationId}/2023/`,
      );
      expect(unknownYear.status).toBe(404);
    });

    test("saved views: the owner's and the shared ones, each once, oldest first, split per page", async () => {
      const pages = await walk(savedViews);
      type View = { id: string; is_owner: boolean };
      const seen = pages.flatMap((page) => [
        ...(page.user_queries as View[]).map((view) => ({ ...view, own: true })),
        ...(page.colab_queries as View[]).map((view) => ({ ...view, own: false })),
      ]);
      for (const view of seen) expect(view.is_owner).toBe(view.own);
      const stored = await t.context.database.db
        .select({ id: savedQueries.id })
        .from(savedQueries)
        .where(
          and(
            eq(savedQueries.organisationId, organisationId),
            or(eq(savedQueries.ownerUserId, owner.id), eq(savedQueries.accessible, true)),
          ),
        )
        .orderBy(asc(savedQueries.createdAt), asc(savedQueries.id));
      expect(stored).toHaveLength(TOTAL);
      expect(new Set(seen.map((view) => view.id)).size).toBe(TOTAL);
      // Within a page the two lists keep the order; across pages the pages follow each other.
      const rank = new Map(stored.map((row, index) => [row.id, index]));
      const inOrder = pages.flatMap((page) =>
        [...(page.user_queries as View[]), ...(page.colab_queries as View[])]
          .map((view) => view.id)
          .sort((a, b) => (rank.get(a) ?? -1) - (rank.get(b) ?? -1)),
      );
      expect(inOrder).toEqual(stored.map((row) => row.id));
      expect(pages).toHaveLength(TOTAL / MAX_PAGE_SIZE);
      const first = await savedViews("");
      const shown = (first.json.user_queries as View[]).length + (first.json.colab_queries as View[]).length;
      expect(shown).toBe(SAVED_VIEWS_PAGE);
      await refusesForgedCursors(savedViews);
    }, 60_000);

    test("notifications and tasks: the caller's own, each once, newest first; type keeps one kind", async () => {
      const pages = await walk(items);
      const seen = pages.flatMap((page) => (page.items as { id: string }[]).map((item) => item.id));
      const stored = await t.context.database.db
        .select({ id: notifications.id, type: notifications.type })
        .from(notifications)
        .where(eq(notifications.customerUserId, owner.id))
        .orderBy(desc(notifications.emitOn), desc(notifications.id));
      expect(stored).toHaveLength(TOTAL);
      expect(seen).toEqual(stored.map((row) => row.id));
      const tasks = (await walk((query) => items(`type=task&${query}`))).flatMap((page) =>
        (page.items as { id: string; type: string }[]).map((item) => item),
      );
      expect(tasks.every((item) => item.type === "task")).toBe(true);
      expect(tasks.map((item) => item.id)).toEqual(
        stored.filter((row) => row.type === "task").map((row) => row.id),
      );
      expect(((await items("")).json.items as unknown[]).length).toBe(NOTIFICATIONS_PAGE);
      const badType = await items("type=email");
      expect(badType.status).toBe(400);
      expect(badType.json.errors?.[0]?.field).toBe("type");
      // Staff in the dummy view: their own items stay in the back office; the customer's are not theirs.
      const viewed = await staff.get("/api/management/customer/notification/", {
        "x-dummy-org": organisationId,
      });
      expect(viewed.status).toBe(200);
      expect(viewed.json.items).toEqual([]);
      await refusesForgedCursors(items);
    }, 60_000);

    test("times that differ by microseconds only page apart (the cursor keeps them)", async () => {
      // 300 items of one user within one millisecond, a microsecond apart (a guard: a cursor that
      // went through a JavaScript date would cut them to the millisecond and skip or repeat rows).
      const user = await createCustomer(t, organisationId, { isStaff: false });
      await t.context.database.db.insert(notifications).values(
        Array.from({ length: 300 }, (_, i) => ({
          type: "notification" as const,
          message: `Close ${i}`,
          customerUserId: user.id,
          emitOn: sql`timestamptz '2026-02-01 00:00:00.123000+00' + make_interval(secs => ${i} / 1000000.0)`,
        })),
      );
      const reader = await signInCustomer(t, user.email);
      const pages = await walk(
        (query) => reader.get(`/api/management/customer/notification/?${query}`) as Promise<Page>,
        7,
      );
      const seen = pages.flatMap((page) => (page.items as { message: string }[]).map((item) => item.message));
      expect(seen).toEqual(Array.from({ length: 300 }, (_, i) => `Close ${299 - i}`));
    }, 60_000);

    test("mailbox: every user that can be mailed, each once, by organisation then e-mail", async () => {
      const pages = await walk(mailbox);
      type Group = { id: string; users: { id: string }[] };
      const seen = pages.flatMap((page) =>
        (page.org_users as Group[]).flatMap((group) => group.users.map((user) => user.id)),
      );
      const stored = await t.context.database.db
        .select({ id: customerUsers.id })
        .from(customerUsers)
        .innerJoin(organisations, eq(organisations.id, customerUsers.organisationId))
        .where(eq(customerUsers.blocked, false))
        .orderBy(
          asc(organisations.name),
          asc(organisations.id),
          asc(customerUsers.email),
          asc(customerUsers.id),
        );
      expect(stored.length).toBeGreaterThanOrEqual(TOTAL);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(stored.map((row) => row.id));
      // One organisation's users page the same way.
      const [group] = pages[0]!.org_users as Group[];
      const one = await walk(
        (query) => staff.get(`/api/services/email/get/${group!.id}/?${query}`) as Promise<Page>,
        30,
      );
      expect(one.flatMap((page) => (page.org_users as Group[]).map((g) => g.id))).toEqual(
        one.map(() => group!.id),
      );
      expect(one.flatMap((page) => (page.org_users as Group[]).flatMap((g) => g.users))).toHaveLength(100);
      const first = await mailbox("");
      expect((first.json.org_users as Group[]).flatMap((g) => g.users)).toHaveLength(MAILBOX_PAGE);
      expect((first.json.senders as unknown[]).length).toBeGreaterThan(0);
      await refusesForgedCursors(mailbox);
    }, 60_000);
  });
}
