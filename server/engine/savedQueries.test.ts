import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { backends } from "../../tests/helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  createStaff,
  signInCustomer,
  signInStaff,
} from "../../tests/helpers/factories.ts";
import type { HttpClient } from "../../tests/helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { organisationYears, savedQueries } from "../db/schema/index.ts";
import { marketCase } from "./testing/golden.ts";
import { writeWarehouse } from "./testing/queriesApp.ts";

const SAVE = "/api/management/queries/save/";
const run = (id: string) => `/api/management/queries/${id}/`;

/*
 * Organisation A (year 2024 with market data): Alice (admin) and Bob (assistant). Organisation B:
 * Carol. Staff: a site admin, a super user, an agent.
 */
for (const backend of backends) {
  describe(`saved queries (${backend})`, () => {
    let t: TestApp;
    let orgA: { id: string };
    let orgB: { id: string };
    let alice: HttpClient;
    let bob: HttpClient;
    let carol: HttpClient;
    let siteAdmin: HttpClient;
    let superUser: HttpClient;
    let agent: HttpClient;
    let addresses = 0;

    const signIn = async (email: string) => {
      addresses++;
      return signInCustomer(t, email, await t.client({ ip: `10.99.0.${addresses}` }).prime());
    };
    const asDummy = (organisationId: string) => ({ "x-dummy-org": organisationId });
    const view = (overrides: Record<string, unknown> = {}) => ({
      title: "Spine share",
      description: "Spine only",
      filters: { servicelines: ["spine"] },
      querie: 1,
      ...overrides,
    });
    const stored = (id: string) =>
      t.context.database.db
        .select()
        .from(savedQueries)
        .where(eq(savedQueries.id, id))
        .then((rows) => rows[0]);

    beforeAll(async () => {
      t = await startTestApp(backend);
      orgA = await createOrganisation(t, { name: "A", initialized: true });
      orgB = await createOrganisation(t, { name: "B", initialized: true });
      await t.context.database.db.insert(organisationYears).values({
        organisationId: orgA.id,
        year: 2024,
        fileState: "uploaded",
        dataVersion: 1,
        enabled: true,
      });
      await writeWarehouse(t.dataDir, { year: 2024, market: [marketCase({ cases: 2 })] });
      alice = await signIn((await createCustomer(t, orgA.id, { isStaff: true, username: "Alice" })).email);
      bob = await signIn((await createCustomer(t, orgA.id, { isStaff: false, username: "Bob" })).email);
      carol = await signIn((await createCustomer(t, orgB.id, { isStaff: true, username: "Carol" })).email);
      siteAdmin = await signInStaff(t, (await createStaff(t, "site_admin")).username);
      superUser = await signInStaff(t, (await createStaff(t, "site_admin", { isSuperUser: true })).username);
      agent = await signInStaff(t, (await createStaff(t, "agent")).username);
    }, 60_000);
    afterAll(() => t.close());

    test("a customer saves a view: filters checked by the analysis' schema, its last year by default", async () => {
      const answer = await alice.post(SAVE, view({ from: "AHI" }));
      expect(answer.status).toBe(200);
      expect(answer.json.res).toMatchObject({
        name: "querie1",
        querie: 1,
        title: "Spine share",
        description: "Spine only",
        accessible: true, // default Yes
        username: "Alice", // 'from' is the provider's value only for staff
        from_provider: false,
        organization_id: orgA.id,
        is_owner: true,
        can_delete: true,
      });
      expect(answer.json.res.filters).toMatchObject({
        year: 2024,
        servicelines: ["spine"],
        service_area: ["PSA"],
      });
    });

    test("save rules: title required and at most 21 characters, querie 1-99, filters valid", async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ title: "  " }, "title", "Please fill out this field"],
        [{ title: "x".repeat(22) }, "title", "must be at most 21 characters"],
        [{ querie: 100 }, "querie", "must be an analysis number from 1 to 99"],
        [
          { filters: { servicelines: ["knees"] } },
          "filters.servicelines.0",
          "must be one of: le_joint_replacement, spine, trauma, hand_ue, foot_ankle, sports_medicine, other",
        ],
        [{ filters: { year: 2019 } }, "filters.year", "no data for 2019 (available years: 2024)"],
        [{ filters: { colour: "red" } }, "filters.colour", "is not a field of this form"],
        [{ accessible: "maybe" }, "accessible", "must be true or false (Yes or No)"],
      ];
      for (const [change, field, message] of cases) {
        const answer = await alice.post(SAVE, view(change));
        expect(answer.status).toBe(400);
        expect(answer.json.errors).toContainEqual({ field, message });
      }
      const longest = await alice.post(SAVE, view({ title: "x".repeat(21), querie: "querie7", filters: {} }));
      expect(longest.status).toBe(200);
      expect(longest.json.res.name).toBe("querie7");
      // A customer names only its own organisation.
      const elsewhere = await alice.post(SAVE, view({ organization_id: orgB.id }));
      expect(elsewhere.status).toBe(403);
    });

    test("lists: own queries, and colleagues' shared ones (never their private ones)", async () => {
      const shared = (await alice.post(SAVE, view({ title: "Shared" }))).json.res;
      const secret = (await alice.post(SAVE, view({ title: "Secret", accessible: "No" }))).json.res;
      const ofBob = (await bob.get(SAVE)).json;
      expect(ofBob.user_queries).toEqual([]);
      const colab = ofBob.colab_queries.map((row: { id: string }) => row.id);
      expect(colab).toContain(shared.id);
      expect(colab).not.toContain(secret.id);
      expect(ofBob.colab_queries.find((row: { id: string }) => row.id === shared.id)).toMatchObject({
        username: "Alice",
        is_owner: false,
        can_delete: false,
      });
      const ofAlice = (await alice.get(SAVE)).json;
      expect(ofAlice.user_queries.map((row: { id: string }) => row.id)).toEqual(
        expect.arrayContaining([shared.id, secret.id]),
      );
      expect(ofAlice.colab_queries).toEqual([]);
      expect((await carol.get(SAVE)).json).toMatchObject({ user_queries: [], colab_queries: [] });
    });

    test("a shared query shows its owner's current name, in the list and in its run", async () => {
      const shared = (await bob.post(SAVE, view({ title: "By Bob" }))).json.res;
      const form = new FormData();
      form.append("user_data", JSON.stringify({ username: "Robert" }));
      expect((await bob.post("/api/management/customer/update/", form)).status).toBe(200);
      const ofAlice = (await alice.get(SAVE)).json;
      expect(ofAlice.colab_queries.find((row: { id: string }) => row.id === shared.id)).toMatchObject({
        username: "Robert",
        from_provider: false,
      });
      const opened = await alice.post(run(shared.id), {});
      expect(opened.json.saved_query.username).toBe("Robert");
      const back = new FormData();
      back.append("user_data", JSON.stringify({ username: "Bob" }));
      expect((await bob.post("/api/management/customer/update/", back)).status).toBe(200);
      await t.context.database.db.delete(savedQueries).where(eq(savedQueries.id, shared.id));
    });

    test("run by id: the saved analysis and filters (they win over sent ones), only within reach", async () => {
      const shared = (await alice.post(SAVE, view({ title: "Run me" }))).json.res;
      const secret = (await alice.post(SAVE, view({ title: "Mine", accessible: false }))).json.res;
      const answer = await bob.post(run(shared.id), { filters: { servicelines: ["trauma"] } });
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({
        querie: "querie1",
        year: 2024,
        saved_query: { id: shared.id, title: "Run me" },
      });
      expect(answer.json.filters.servicelines).toEqual(["spine"]);
      expect((await alice.post(run(secret.id))).status).toBe(200);
      for (const [client, id] of [
        [bob, secret.id],
        [carol, shared.id],
        [alice, crypto.randomUUID()],
      ] as const) {
        const refused = await client.post(run(id));
        expect(refused.status).toBe(404);
        expect(refused.json.detail).toBe("Saved query not found.");
      }
      // Staff in dummy mode reach A's shared queries, not Alice's private one.
      expect((await siteAdmin.post(run(shared.id), {}, asDummy(orgA.id))).status).toBe(200);
      expect((await siteAdmin.post(run(secret.id), {}, asDummy(orgA.id))).status).toBe(404);
      expect((await siteAdmin.post(run(shared.id), {}, asDummy(orgB.id))).status).toBe(404);
    });

    test("SHARE toggles accessible for the owner; others are refused", async () => {
      const row = (await alice.post(SAVE, view({ title: "Toggle" }))).json.res;
      const off = await alice.post(SAVE, { action: "SHARE", querie: row.id, organization_id: orgA.id });
      expect(off.status).toBe(200);
      expect(off.json.res.accessible).toBe(false);
      expect((await alice.post(SAVE, { action: "SHARE", querie: row.id })).json.res.accessible).toBe(true);
      const byBob = await bob.post(SAVE, { action: "SHARE", querie: row.id });
      expect(byBob.status).toBe(403);
      expect(byBob.json.detail).toBe("Only the query's owner or a super user can share or unshare it.");
      expect((await carol.post(SAVE, { action: "SHARE", querie: row.id })).status).toBe(404);
      expect((await stored(row.id))?.accessible).toBe(true);
      const badAction = await alice.post(SAVE, { action: "RENAME", querie: row.id });
      expect(badAction.json.errors).toEqual([{ field: "action", message: "must be SHARE or DELETE" }]);
    });

    test("DELETE: the owner or a super user; a colleague, another organisation or a plain admin cannot", async () => {
      const first = (await alice.post(SAVE, view({ title: "Delete me" }))).json.res;
      const second = (await alice.post(SAVE, view({ title: "Super deletes", accessible: false }))).json.res;
      const byBob = await bob.post(SAVE, { action: "DELETE", querie: first.id });
      expect(byBob.status).toBe(403);
      expect(byBob.json.detail).toBe("Only the query's owner or a super user can delete it.");
      expect((await carol.post(SAVE, { action: "DELETE", querie: first.id })).status).toBe(404);
      const byAdmin = await siteAdmin.post(SAVE, { action: "DELETE", querie: first.id }, asDummy(orgA.id));
      expect(byAdmin.status).toBe(403);
      expect(await stored(first.id)).toBeDefined();
      const byOwner = await alice.post(SAVE, { action: "DELETE", querie: first.id });
      expect(byOwner.status).toBe(200);
      expect(byOwner.json.deleted).toBe(first.id);
      expect(await stored(first.id)).toBeUndefined();
      // A super user may delete any query, a private one too.
      const bySuper = await superUser.post(SAVE, {
        action: "DELETE",
        querie: second.id,
        organization_id: orgA.id,
      });
      expect(bySuper.status).toBe(200);
      expect(await stored(second.id)).toBeUndefined();
    });

    test("dummy mode: staff save for the organisation they view, as the provider (AHI)", async () => {
      const saved = await siteAdmin.post(
        SAVE,
        view({ title: "From AHI", from: "Mallory" }),
        asDummy(orgA.id),
      );
      expect(saved.status).toBe(200);
      expect(saved.json.res).toMatchObject({
        username: "AHI",
        from_provider: true,
        organization_id: orgA.id,
      });
      const colab = (await alice.get(SAVE)).json.colab_queries;
      expect(colab.find((row: { id: string }) => row.id === saved.json.res.id)).toMatchObject({
        username: "AHI",
        from_provider: true,
      });
      // The dummy view lists the staff member's own queries for the organisation.
      const inDummy = (await siteAdmin.get(SAVE, asDummy(orgA.id))).json;
      expect(inDummy.user_queries.map((row: { id: string }) => row.id)).toEqual([saved.json.res.id]);
      // The staff owner may unshare it; the dummy header and organization_id must agree.
      expect(
        (await siteAdmin.post(SAVE, { action: "SHARE", querie: saved.json.res.id }, asDummy(orgA.id))).json
          .res.accessible,
      ).toBe(false);
      const mismatch = await siteAdmin.post(SAVE, view({ organization_id: orgB.id }), asDummy(orgA.id));
      expect(mismatch.status).toBe(400);
      expect(mismatch.json.detail).toBe("organization_id: must be the organisation viewed in dummy mode");
    });

    test("staff outside dummy mode name the organisation; agents cannot save", async () => {
      const named = await siteAdmin.post(SAVE, view({ organization_id: orgA.id }));
      expect(named.status).toBe(200);
      expect(named.json.res.username).toBe("AHI");
      const unnamed = await siteAdmin.post(SAVE, view());
      expect(unnamed.status).toBe(400);
      expect(unnamed.json.errors).toEqual([{ field: "organization_id", message: "is required for staff" }]);
      const missing = await siteAdmin.post(SAVE, view({ organization_id: crypto.randomUUID() }));
      expect(missing.status).toBe(404);
      for (const headers of [asDummy(orgA.id), {}]) {
        const byAgent = await agent.post(SAVE, view({ organization_id: orgA.id }), headers);
        expect(byAgent.status).toBe(403);
        expect(byAgent.json.detail).toBe("Agents cannot do this.");
      }
      // Staff lists need the organisation: dummy mode for /save, the path for /adminsave.
      expect((await siteAdmin.get(SAVE)).status).toBe(403);
    });

    test("GET adminsave/{orgid}: staff read an organisation's shared queries and their own for it", async () => {
      // B has no data yet: a view cannot be saved without a year to read.
      const early = await carol.post(SAVE, view({ title: "Too early" }));
      expect(early.status).toBe(400);
      expect(early.json.errors[0].field).toBe("filters.year");
      await t.context.database.db
        .insert(organisationYears)
        .values({ organisationId: orgB.id, year: 2024, fileState: "uploaded", enabled: true });
      const mine = (await siteAdmin.post(SAVE, view({ title: "Staff own", organization_id: orgB.id }))).json
        .res;
      const shared = (await carol.post(SAVE, view({ title: "Carol shared" }))).json.res;
      const secret = (await carol.post(SAVE, view({ title: "Carol secret", accessible: false }))).json.res;
      const answer = await agent.get(`/api/management/queries/adminsave/${orgB.id}/`);
      expect(answer.status).toBe(200);
      expect(answer.json.user_queries).toEqual([]); // the agent saved none
      const forAdmin = (await siteAdmin.get(`/api/management/queries/adminsave/${orgB.id}/`)).json;
      expect(forAdmin.user_queries.map((row: { id: string }) => row.id)).toEqual([mine.id]);
      const colab = forAdmin.colab_queries.map((row: { id: string }) => row.id);
      expect(colab).toContain(shared.id);
      expect(colab).not.toContain(secret.id);
      expect((await carol.get(`/api/management/queries/adminsave/${orgB.id}/`)).status).toBe(401);
      const badId = await siteAdmin.get("/api/management/queries/adminsave/nope/");
      expect(badId.status).toBe(400);
      expect(badId.json.detail).toBe("orgid: must be an organisation id (UUID)");
      expect((await siteAdmin.get(`/api/management/queries/adminsave/${crypto.randomUUID()}/`)).status).toBe(
        404,
      );
    });
  });
}
