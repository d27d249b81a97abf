import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { pendingAudit } from "../../server/audit/pending.ts";
import { auditedTransaction, recordWrites } from "../../server/audit/recordWrites.ts";
import { isWritingMethod, ROUTE_AUDIT } from "../../server/audit/routeAudit.ts";
import type { AppEnv } from "../../server/context.ts";
import { auditEvents, customerUsers } from "../../server/db/schema/index.ts";
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
import { registeredRoutes } from "./routeWalk.ts";

/**
 * The audit trail (docs/operations.md): every writing route records or is exempt with a reason,
 * each write records who, when, what, the organisation and the values, a refused write records
 * nothing, the table refuses changes, and the trail is read per organisation with filters, pages
 * and CSV by the callers that may.
 */
const trailOf = (t: TestApp, organisationId: string) =>
  t.context.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.organisationId, organisationId))
    .orderBy(auditEvents.seq);

for (const backend of backends) {
  describe(`audit trail (${backend})`, () => {
    let t: TestApp;
    let orgId: string;
    let admin: HttpClient;
    let adminId: string;
    let staff: HttpClient;
    beforeAll(async () => {
      t = await startTestApp(backend);
      const organisation = await createOrganisation(t, { name: "Audited Practice", initialized: true });
      orgId = organisation.id;
      const user = await createCustomer(t, orgId, { isStaff: true, email: "owner@audited.example" });
      adminId = user.id;
      admin = await signInCustomer(t, user.email);
      const siteAdmin = await createStaff(t, "site_admin", { username: "auditor" });
      staff = await signInStaff(t, siteAdmin.username);
    });
    afterAll(() => t.close());

    test("every writing route records or is exempt with a reason, and the table names no stale route", async () => {
      const routes = registeredRoutes(t).map((route) => `${route.method} ${route.path}`);
      const writing = routes.filter((key) => isWritingMethod(key.split(" ")[0]!));
      expect(writing.filter((key) => !(key in ROUTE_AUDIT))).toEqual([]);
      expect(Object.keys(ROUTE_AUDIT).filter((key) => !routes.includes(key))).toEqual([]);
      for (const entry of Object.values(ROUTE_AUDIT)) {
        if ("exempt" in entry) expect(entry.exempt.length).toBeGreaterThan(20);
        else expect(entry.action).toMatch(/^[a-z_]+\.[a-z_]+$/);
      }
      // The served document lists the same writing calls.
      const document = (await t.client().get("/api/openapi.json")).json;
      const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
        ([path, item]) =>
          Object.keys(item)
            .filter((method) => isWritingMethod(method))
            .map((method) => `${method.toUpperCase()} ${path}`),
      );
      const documentKey = (key: string) => key.replace(/:([^/{]+)(\{[^/]*\})?/g, "{$1}");
      const tabled = new Set(Object.keys(ROUTE_AUDIT).map(documentKey));
      expect(documented.filter((key) => !tabled.has(key.replace(/\/$/, "")))).toEqual([]);
    });

    test("a writing route missing from the table is refused before its handler runs", async () => {
      let ran = false;
      const app = new Hono<AppEnv>()
        .use("*", async (c, next) => {
          c.set("app", t.context);
          c.set("session", null);
          await next();
        })
        .use("/api/*", recordWrites())
        .post("/api/not-in-the-table", (c) => {
          ran = true;
          return c.json({});
        });
      const answer = await app.request("/api/not-in-the-table", { method: "POST" });
      expect(answer.status).toBe(500);
      expect(ran).toBe(false);
    });

    test("signing in is recorded with the user, its role and organisation", async () => {
      const [signin] = (await trailOf(t, orgId)).filter((event) => event.action === "session.signin");
      expect(signin).toMatchObject({
        actorKind: "user",
        actorId: adminId,
        actorName: "owner@audited.example",
        actorRole: "customerAdmin",
        targetKind: "session",
      });
    });

    test("adding and changing a user records who, what, the ids and the values before and after", async () => {
      const body = {
        user_data: { username: "Ann Assistant", email: "ann@audited.example", status: "assistant" },
      };
      const key = { "idempotency-key": "audit-add-ann" };
      const added = await admin.post("/api/management/customer/detail/", body, key);
      expect(added.status).toBe(200);
      // Sent again with its key: the first answer, replayed, and no second record.
      const replayed = await admin.post("/api/management/customer/detail/", body, key);
      expect(replayed.headers.get("idempotent-replayed")).toBe("true");
      const newId = added.json.user.id;
      const changed = await staff.patch("/api/management/customer/detail/", {
        user_data: { id: newId, username: "Ann Renamed" },
      });
      expect(changed.status).toBe(200);

      const trail = await trailOf(t, orgId);
      expect(trail.filter((event) => event.action === "user.create")).toHaveLength(1);
      const create = trail.find((event) => event.action === "user.create")!;
      expect(create).toMatchObject({
        actorKind: "user",
        actorId: adminId,
        targetKind: "customer_user",
        targetId: newId,
      });
      expect(create.after).toMatchObject({ email: "ann@audited.example", username: "Ann Assistant" });
      const update = trail.find((event) => event.action === "user.update")!;
      expect(update).toMatchObject({
        actorKind: "staff",
        actorName: "auditor",
        actorRole: "siteAdmin",
        targetId: newId,
      });
      expect(update.before).toMatchObject({ username: "Ann Assistant" });
      expect(update.after).toMatchObject({ username: "Ann Renamed" });
      expect(update.at.getTime()).toBe(t.clock.now().getTime());
    });

    test("a refused write records nothing", async () => {
      const before = (await trailOf(t, orgId)).length;
      const refused = await admin.post("/api/management/customer/detail/", {
        user_data: { username: "Taken", email: "owner@audited.example", status: "assistant" },
      });
      expect(refused.status).toBe(400);
      expect((await trailOf(t, orgId)).length).toBe(before);
    });

    test("a write whose record cannot be written is rolled back with it", async () => {
      const c = { var: { app: t.context, requestId: "test" } } as never;
      // An action of null breaks the record's NOT NULL: the user inserted beside it must not stay.
      const pending = {
        c,
        entry: { action: null as unknown as string, target: "customer_user" },
        note: {
          organisationId: orgId,
          targetId: null,
          actor: { kind: "system" as const, id: null, name: null, role: "system" },
        },
        recorded: false,
      };
      const write = pendingAudit.run(pending, () =>
        auditedTransaction(t.context.database.db, (tx) =>
          tx
            .insert(customerUsers)
            .values({ organisationId: orgId, email: "ghost@audited.example", username: "Ghost" }),
        ),
      );
      await expect(write).rejects.toThrow();
      const ghosts = await t.context.database.db
        .select()
        .from(customerUsers)
        .where(
          and(eq(customerUsers.organisationId, orgId), eq(customerUsers.email, "ghost@audited.example")),
        );
      expect(ghosts).toEqual([]);
      expect(pending.recorded).toBe(false);
    });

    test("the database refuses to change or remove a record", async () => {
      const { db } = t.context.database;
      const refused = async (statement: PromiseLike<unknown>) => {
        try {
          await statement;
        } catch (error) {
          return String((error as Error).message) + String((error as { cause?: Error }).cause?.message ?? "");
        }
        return "done";
      };
      expect(await refused(db.update(auditEvents).set({ action: "forged.action" }))).toContain("append-only");
      expect(await refused(db.delete(auditEvents))).toContain("append-only");
      expect(await refused(db.execute(sql`TRUNCATE audit_events`))).toContain("append-only");
      expect((await trailOf(t, orgId)).some((event) => event.action === "forged.action")).toBe(false);
    });

    test("site admins read an organisation's trail with filters and pages", async () => {
      const all = await staff.get(`/api/management/admin/audit/${orgId}/`);
      expect(all.status).toBe(200);
      const actions = all.json.events.map((event: { action: string }) => event.action);
      expect(actions).toEqual(["user.update", "user.create", "session.signin"]);

      const byActor = await staff.get(`/api/management/admin/audit/${orgId}/?actor=AUDITOR`);
      expect(byActor.json.events.map((event: { action: string }) => event.action)).toEqual(["user.update"]);
      const byFamily = await staff.get(`/api/management/admin/audit/${orgId}/?action=user`);
      expect(byFamily.json.events).toHaveLength(2);
      const today = t.clock.now().toISOString().slice(0, 10);
      const inRange = await staff.get(`/api/management/admin/audit/${orgId}/?from=${today}&to=${today}`);
      expect(inRange.json.events).toHaveLength(3);
      const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
      const later = await staff.get(`/api/management/admin/audit/${orgId}/?from=${tomorrow}`);
      expect(later.json.events).toEqual([]);

      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `?limit=1&cursor=${cursor}` : "?limit=1";
        const page = await staff.get(`/api/management/admin/audit/${orgId}/${query}`);
        expect(page.json.events.length).toBeLessThanOrEqual(1);
        seen.push(...page.json.events.map((event: { action: string }) => event.action));
        cursor = page.json.next_cursor;
      } while (cursor);
      expect(seen).toEqual(actions);

      const bad = await staff.get(`/api/management/admin/audit/${orgId}/?from=yesterday`);
      expect(bad.status).toBe(400);
      expect(bad.json.errors[0].field).toBe("from");
    });

    test("the writes of no organisation (a staff sign-in) are read as the site's trail", async () => {
      const site = await staff.get("/api/management/admin/audit/site/?actor=auditor");
      expect(site.status).toBe(200);
      expect(site.json.events.map((event: { action: string }) => event.action)).toEqual(["session.signin"]);
      expect(site.json.events[0]).toMatchObject({
        organisation_id: null,
        actor: { kind: "staff", role: "siteAdmin" },
      });
      const bad = await staff.get("/api/management/admin/audit/someone/");
      expect(bad.status).toBe(400);
      expect(bad.json.errors[0].field).toBe("orgid");
    });

    test("the CSV export holds the filtered events, a formula-like name made inert", async () => {
      await t.context.database.db.insert(auditEvents).values({
        organisationId: orgId,
        actorKind: "user",
        actorName: "=HYPERLINK(1)",
        actorRole: "assistant",
        action: "profile.update",
        targetKind: "customer_user",
        after: { username: "A, B" },
      });
      const csv = await staff.get(`/api/management/admin/audit/${orgId}/export/?action=profile.update`);
      expect(csv.status).toBe(200);
      expect(csv.headers.get("content-type")).toContain("text/csv");
      const lines = csv.text.trim().split("\r\n");
      expect(lines[0]).toBe(
        "id,at,organisation_id,actor_kind,actor_id,actor_name,actor_role,action,target_kind,target_id,before,after",
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(",'=HYPERLINK(1),assistant,profile.update,");
      expect(lines[1]).toContain('"{""username"":""A, B""}"');
    });

    test("the organisation's admin reads its own trail; assistants and agents are refused", async () => {
      const own = await admin.get("/api/management/customer/audit/?action=user.create");
      expect(own.status).toBe(200);
      expect(own.json.events[0].target.id).toBeDefined();
      expect((await admin.get("/api/management/customer/audit/export/")).status).toBe(200);

      const assistant = await createCustomer(t, orgId, { isStaff: false });
      const asAssistant = await signInCustomer(t, assistant.email);
      expect((await asAssistant.get("/api/management/customer/audit/")).status).toBe(403);
      const agent = await createStaff(t, "agent");
      const asAgent = await signInStaff(t, agent.username);
      expect((await asAgent.get(`/api/management/admin/audit/${orgId}/`)).status).toBe(403);
      expect((await admin.get(`/api/management/admin/audit/${orgId}/`)).status).toBe(401);
    });
  });
}
