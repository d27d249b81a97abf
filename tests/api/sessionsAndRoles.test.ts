import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { organisations } from "../../server/db/schema/index.ts";
import { pushToRecipient } from "../../server/live/notifications.ts";
import { backends } from "../helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  createStaff,
  signInCustomer,
  signInStaff,
} from "../helpers/factories.ts";
import { startTestApp, type TestApp } from "../helpers/testApp.ts";

for (const backend of backends) {
  describe(`sessions, roles and dummy mode (${backend})`, () => {
    let t: TestApp;
    let orgId: string;
    beforeAll(async () => {
      t = await startTestApp(backend);
      orgId = (await createOrganisation(t, { name: "Lakeside Ortho", initialized: true })).id;
    });
    afterAll(() => t.close());

    test("logout revokes the session on the server, not only the cookie", async () => {
      const user = await createCustomer(t, orgId);
      const browser = await signInCustomer(t, user.email);
      const stolenCookie = browser.cookies.get("token")!;
      // A GET is no longer a logout (a link or an image could fire it): 405, the session lives on.
      const viaGet = await browser.get("/api/admin/logout/");
      expect(viaGet.status).toBe(405);
      expect(viaGet.headers.get("allow")).toBe("POST");
      expect((await browser.get("/api/management/customer/detail/")).status).toBe(200);
      // A POST without the CSRF token is refused like every other write.
      browser.csrf = false;
      expect((await browser.post("/api/admin/logout/")).status).toBe(403);
      expect((await browser.get("/api/management/customer/detail/")).status).toBe(200);
      browser.csrf = true;
      expect((await browser.post("/api/admin/logout/")).status).toBe(200);
      expect(browser.cookies.has("token")).toBe(false);
      const replay = await t
        .client()
        .get("/api/management/customer/detail/", { cookie: `token=${stolenCookie}` });
      expect(replay.status).toBe(401);
      expect(replay.json.detail).toBe("Invalid token.");
    });

    test("the session details carry the stored notifications and tasks, newest first, own only", async () => {
      const user = await createCustomer(t, orgId);
      const other = await createCustomer(t, orgId);
      const staff = await createStaff(t);
      const context = t.context;
      await pushToRecipient(context, { customerUserId: user.id }, { type: "notification", message: "first" });
      t.clock.advance(1);
      await pushToRecipient(
        context,
        { customerUserId: user.id },
        { type: "notification", message: "second" },
      );
      await pushToRecipient(
        context,
        { customerUserId: other.id },
        { type: "notification", message: "not yours" },
      );
      await pushToRecipient(
        context,
        { staffAccountId: staff.id },
        { type: "task", message: "Facility validation", progress: 40, status: "running" },
      );
      const customer = (await (await signInCustomer(t, user.email)).get("/api/management/customer/detail/"))
        .json;
      expect(customer.profile.notifications.map((item: { message: string }) => item.message)).toEqual([
        "second",
        "first",
      ]);
      expect(customer.profile.background_tasks).toEqual([]);
      const admin = (await (await signInStaff(t, staff.username)).get("/api/management/admin/detail/")).json;
      expect(admin.profile.background_tasks).toMatchObject([
        { type: "task", message: "Facility validation", progress: 40, status: "running", action: "upsert" },
      ]);
      expect(admin.profile.notifications).toEqual([]);
    });

    test("session checks answer 401 'Invalid token.' for anonymous, customer-on-staff and bogus tokens", async () => {
      const anonymous = t.client();
      expect((await anonymous.get("/api/management/customer/detail/")).json).toEqual({
        status: 401,
        code: "unauthenticated",
        detail: "Invalid token.",
      });
      expect((await anonymous.get("/api/management/admin/detail/")).status).toBe(401);
      expect(
        (await anonymous.get("/api/management/admin/detail/", { authorization: "Token nope" })).status,
      ).toBe(401);
      const user = await createCustomer(t, orgId);
      const customer = await signInCustomer(t, user.email);
      expect((await customer.get("/api/management/admin/detail/")).status).toBe(401);
      const staff = await signInStaff(t, (await createStaff(t)).username);
      // Staff without a dummy organisation are not a client session: 403 saying so, not an expiry.
      const staffOnCustomer = await staff.get("/api/management/customer/detail/");
      expect(staffOnCustomer.status).toBe(403);
      expect(staffOnCustomer.json.code).toBe("staff_session");
      expect(staffOnCustomer.json.detail).toContain("staff session");
    });

    test("an expired session is refused", async () => {
      const user = await createCustomer(t, orgId);
      const browser = await signInCustomer(t, user.email);
      t.clock.advance(14 * 24 * 3600);
      expect((await browser.get("/api/management/customer/detail/")).status).toBe(401);
    });

    test("blocking a user ends its sessions", async () => {
      const admin = await createCustomer(t, orgId, { isStaff: true });
      const assistant = await createCustomer(t, orgId, { isStaff: false });
      const adminBrowser = await signInCustomer(t, admin.email);
      const assistantBrowser = await signInCustomer(t, assistant.email);
      const blocked = await adminBrowser.patch("/api/management/customer/detail/", {
        user_data: { id: assistant.id, blocked: true },
      });
      expect(blocked.status).toBe(200);
      expect(blocked.json.user.blocked).toBe(true);
      expect((await assistantBrowser.get("/api/management/customer/detail/")).status).toBe(401);
    });

    describe("customer roles", () => {
      test("an assistant cannot manage users; an admin can, up to 3 users", async () => {
        const org = await createOrganisation(t, { initialized: true });
        const admin = await createCustomer(t, org.id, { isStaff: true });
        const assistant = await createCustomer(t, org.id, { isStaff: false });
        const assistantBrowser = await signInCustomer(t, assistant.email);
        const refused = await assistantBrowser.post("/api/management/customer/detail/", {
          user_data: { username: "New", email: "new1@example.com" },
        });
        expect(refused.status).toBe(403);
        expect(refused.json.detail).toBe("Only the organisation's admin can do this.");
        expect(
          (await assistantBrowser.delete("/api/management/customer/detail/", { user_id: admin.id })).status,
        ).toBe(403);

        const adminBrowser = await signInCustomer(t, admin.email);
        const third = await adminBrowser.post("/api/management/customer/detail/", {
          user_data: { username: "Third", email: "third@example.com" },
        });
        expect(third.status).toBe(200);
        expect(third.json.user.status).toBe("assistant");
        const fourth = await adminBrowser.post("/api/management/customer/detail/", {
          user_data: { username: "Fourth", email: "fourth@example.com" },
        });
        expect(fourth.status).toBe(400);
        expect(fourth.json.detail).toBe("An organisation has at most 3 users.");
      });

      test("users are added to an uninitialized organisation only when it has none", async () => {
        const org = await createOrganisation(t, { initialized: false });
        const staff = await signInStaff(t, (await createStaff(t)).username);
        const first = await staff.post("/api/management/customer/detail/", {
          user_data: { username: "First", email: `first-${org.id}@example.com`, organization_id: org.id },
        });
        expect(first.status).toBe(200);
        expect(first.json.user.status).toBe("admin"); // the first user is the organisation's admin
        const second = await staff.post("/api/management/customer/detail/", {
          user_data: { username: "Second", email: `second-${org.id}@example.com`, organization_id: org.id },
        });
        expect(second.status).toBe(400);
        expect(second.json.detail).toBe("Users can be added once the organisation is initialized.");
      });
    });

    describe("staff roles", () => {
      test("an agent cannot add or remove agents, create, edit or delete customers, or edit contents", async () => {
        const agent = await createStaff(t, "agent");
        const browser = await signInStaff(t, agent.username);
        const attempts = [
          await browser.post("/api/management/admin/detail/", {
            username: "Newagentx",
            email: "a@example.com",
            password: "Secret!Pass",
          }),
          await browser.delete("/api/management/admin/detail/", { email: agent.email }),
          await browser.post("/api/management/customer/organization/", { organization: { name: "X" } }),
          await browser.patch("/api/management/customer/organization/", {
            organization: { id: orgId, name: "X" },
          }),
          await browser.delete("/api/management/admin/delete-organization/", { organization: orgId }),
          await browser.post("/api/management/admin/sitesettings/", { contents: { about: "<p>x</p>" } }),
        ];
        expect(attempts.map((a) => a.status)).toEqual([403, 403, 403, 403, 403, 403]);
        const [org] = await t.context.database.db
          .select()
          .from(organisations)
          .where(eq(organisations.id, orgId));
        expect(org?.name).toBe("Lakeside Ortho");
      });

      test("a site admin adds an agent under the agent rules and removes it", async () => {
        const browser = await signInStaff(t, (await createStaff(t)).username);
        const weak = await browser.post("/api/management/admin/detail/", {
          username: "short",
          email: "bad",
          password: "weak",
        });
        expect(weak.status).toBe(400);
        expect(weak.json.errors.map((e: { field: string }) => e.field)).toEqual(
          expect.arrayContaining(["username", "email", "password"]),
        );
        const added = await browser.post("/api/management/admin/detail/", {
          username: "Marianne",
          email: "marianne@vitality.local",
          password: "Secret!Pass",
        });
        expect(added.status).toBe(200);
        expect((await browser.get("/api/management/admin/detail/")).json.agents).toContainEqual({
          username: "Marianne",
          email: "marianne@vitality.local",
        });
        const removed = await browser.delete("/api/management/admin/detail/", {
          email: "marianne@vitality.local",
        });
        expect(removed.status).toBe(200);
        expect(removed.json.agents).not.toContainEqual({
          username: "Marianne",
          email: "marianne@vitality.local",
        });
      });

      test("customers cannot reach staff calls", async () => {
        const user = await createCustomer(t, orgId, { isStaff: true });
        const customer = await signInCustomer(t, user.email);
        const attempts = [
          await customer.post("/api/management/customer/organization/", { organization: { name: "X" } }),
          await customer.delete("/api/management/admin/delete-organization/", { organization: orgId }),
          await customer.post("/api/management/admin/detail/", {
            username: "Newagentx",
            email: "a@example.com",
            password: "Secret!Pass",
          }),
          await customer.post("/api/management/admin/sitesettings/", { contents: { about: "<p>x</p>" } }),
        ];
        expect(attempts.map((a) => a.status)).toEqual([401, 401, 401, 401]);
      });
    });

    describe("dummy mode", () => {
      test("staff read a customer's detail with X-Dummy-Org, and every write is refused with 403", async () => {
        const org = await createOrganisation(t, { name: "Dummy Target", initialized: true });
        const user = await createCustomer(t, org.id, { isStaff: true });
        // A site admin: outside dummy mode it may do all of these, so a 403 here is dummy mode's doing.
        const staff = await signInStaff(t, (await createStaff(t, "site_admin")).username);
        const headers = { "x-dummy-org": org.id };
        const detail = await staff.get("/api/management/customer/detail/", headers);
        expect(detail.status).toBe(200);
        expect(detail.json.dummy).toBe(true);
        expect(detail.json.organization.name).toBe("Dummy Target");
        const viaQuery = await staff.get(`/api/management/customer/detail/?org_id=${org.id}`);
        expect(viaQuery.json.organization.id).toBe(org.id);

        const writes = [
          await staff.post("/api/management/customer/agreement/", { organization: org.id }, headers),
          await staff.post(
            "/api/management/customer/detail/",
            { user_data: { username: "x", email: "x@example.com", organization_id: org.id } },
            headers,
          ),
          await staff.patch(`/api/management/customer/organization/?org_id=${org.id}`, {
            organization: { id: org.id, name: "Renamed" },
          }),
          await staff.patch(
            "/api/management/customer/detail/",
            { user_data: { id: user.id, blocked: true } },
            headers,
          ),
          await staff.delete("/api/management/customer/detail/", { user_id: user.id }, headers),
        ];
        expect(writes.map((w) => w.status)).toEqual([403, 403, 403, 403, 403]);
        for (const write of writes) expect(write.json.detail).toContain("read-only");
        // The same admin outside dummy mode may edit the organisation: the refusals above were dummy mode's.
        const outside = await staff.patch("/api/management/customer/organization/", {
          organization: { id: org.id, name: "Dummy Target" },
        });
        expect(outside.status).toBe(200);
        const after = await staff.get("/api/management/customer/detail/", headers);
        expect(after.json.organization.users).toHaveLength(1);
        expect(after.json.organization.users[0].blocked).toBe(false);
      });

      test("a malformed dummy organisation id is a 400 naming org_id", async () => {
        const staff = await signInStaff(t, (await createStaff(t)).username);
        const answer = await staff.get("/api/management/customer/detail/", { "x-dummy-org": "not-a-uuid" });
        expect(answer.status).toBe(400);
        expect(answer.json.detail).toContain("org_id");
      });
    });
  });
}
