import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { eq } from "drizzle-orm";
import {
  advisoryBoardUploads,
  auditEvents,
  customerUsers,
  notifications,
  organisations,
  organisationYears,
  practiceUploads,
  practiceYearVersions,
  queryUsageLog,
  questionnaires,
  schemeResults,
  validations,
} from "../../server/db/schema/index.ts";
import { warehousePaths } from "../../server/ingest/storage.ts";
import { marketRow, professionalLine, toCsv } from "../../server/ingest/testing/builders.ts";
import { backends } from "../helpers/backends.ts";
import { createCustomer, createOrganisation, signInCustomer } from "../helpers/factories.ts";
import type { HttpClient } from "../helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../helpers/testApp.ts";
import { profileAttempts } from "./tenancyProfile.ts";

/**
 * Tenancy: a customer of organisation A tries every route against organisation B. Each API route of
 * the app must appear below, either with an attempt or with the reason it holds no organisation data;
 * a new route without an entry fails the inventory test.
 */
interface World {
  t: TestApp;
  a: HttpClient;
  orgB: { id: string };
  userB: { id: string; email: string };
}
type Attempt = (world: World) => Promise<void>;

const noOrganisationData = (reason: string) => reason;

const attempts: Record<string, Attempt | string> = {
  "GET /api/management/customer/audit": async ({ t, a, orgB }) => {
    // B has a record; A's admin naming B (query, dummy header) still reads only A's own trail.
    await t.context.database.db.insert(auditEvents).values({
      organisationId: orgB.id,
      actorKind: "system",
      actorRole: "system",
      action: "year.enable",
      targetKind: "organisation_year",
    });
    for (const answer of [
      await a.get(`/api/management/customer/audit/?org_id=${orgB.id}`),
      await a.get("/api/management/customer/audit/", { "x-dummy-org": orgB.id }),
    ]) {
      expect(answer.status).toBe(200);
      expect(answer.json.events.length).toBeGreaterThan(0);
      expect(
        answer.json.events.every((event: { organisation_id: string }) => event.organisation_id !== orgB.id),
      ).toBe(true);
    }
  },
  "GET /api/management/customer/audit/export": async ({ t, a, orgB }) => {
    await t.context.database.db.insert(auditEvents).values({
      organisationId: orgB.id,
      actorKind: "system",
      actorRole: "system",
      action: "year.remove",
      targetKind: "organisation_year",
    });
    const answer = await a.get(`/api/management/customer/audit/export/?org_id=${orgB.id}`);
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain(orgB.id);
    expect(answer.text).not.toContain("year.remove");
  },
  "GET /api/management/admin/audit/:orgid": async ({ a, orgB }) => {
    expect((await a.get(`/api/management/admin/audit/${orgB.id}/`)).status).toBe(401);
  },
  "GET /api/management/admin/audit/:orgid/export": async ({ a, orgB }) => {
    expect((await a.get(`/api/management/admin/audit/${orgB.id}/export/`)).status).toBe(401);
  },
  "GET /api/management/queries/manifest": noOrganisationData(
    "analysis definitions; the defaults come from the caller's own organisation",
  ),
  "POST /api/management/queries/stats": async ({ t, a, orgB }) => {
    await t.context.database.db.insert(queryUsageLog).values({ organisationId: orgB.id, querie: "querie1" });
    const answer = await a.post(`/api/management/queries/stats/?org_id=${orgB.id}`);
    expect(answer.status).toBe(200);
    expect(answer.json.stats.querie1).toBe(0);
  },
  "POST /api/management/queries/:name{(?:querie[0-9]+|[0-9a-fA-F-]{36})}": async ({ a, orgB }) => {
    // A customer's org_id is ignored: its own organisation (without data) answers, never B's.
    const answer = await a.post(`/api/management/queries/querie1/?org_id=${orgB.id}`, { org_id: orgB.id });
    expect(answer.status).toBe(400);
    expect(answer.json.errors[0].field).toBe("filters.year");
  },
  "GET /api/management/queries/exports/:name": noOrganisationData(
    "a random file name bound to the user who exported it; anyone else gets 404 (server/engine/routes.test.ts)",
  ),
  "GET /api/health": noOrganisationData("service health only"),
  "GET /api/services/geo/outlines": noOrganisationData(
    "US state and county outlines (us-atlas), the same for everyone",
  ),
  "GET /api/services/geo/basemap": noOrganisationData(
    "the deployment's map tile source, the same for everyone",
  ),
  "GET /api/openapi.json": noOrganisationData("the API's description: calls and fields, public, no data"),
  "GET /api/docs": noOrganisationData("the same description as an HTML page, public, no data"),
  "POST /api/services/auth/signin": noOrganisationData("answers the same for every address"),
  "GET /api/services/auth/signin/:token": noOrganisationData("a token names its own user"),
  "POST /api/management/admin/signin": noOrganisationData("staff credentials only"),
  "POST /api/admin/logout": noOrganisationData("ends the caller's own session"),
  "GET /api/management/admin/sitesettings": noOrganisationData("site-wide texts, the same for everyone"),
  "POST /api/management/admin/sitesettings": async ({ a }) => {
    expect((await a.post("/api/management/admin/sitesettings/", { contents: { about: "x" } })).status).toBe(
      401,
    );
  },
  "GET /api/management/helpcenter": noOrganisationData(
    "site-wide questions, the same for every organisation",
  ),
  "POST /api/management/helpcenter": async ({ a }) => {
    const answer = await a.post("/api/management/helpcenter/", { faq: { question: "Q?", answer: "A." } });
    expect(answer.status).toBe(401);
  },
  "PATCH /api/management/helpcenter": async ({ a }) => {
    const data = { question: "Q?", answer: "A.", promote: false, active: false };
    expect((await a.patch("/api/management/helpcenter/", { id: 1, data })).status).toBe(401);
  },
  "DELETE /api/management/helpcenter": async ({ a }) => {
    expect((await a.delete("/api/management/helpcenter/", { id: 1 })).status).toBe(401);
  },
  "GET /api/management/admin/detail": async ({ a }) => {
    expect((await a.get("/api/management/admin/detail/")).status).toBe(401);
  },
  "POST /api/management/admin/detail": async ({ a }) => {
    expect(
      (
        await a.post("/api/management/admin/detail/", {
          username: "Intruder",
          email: "i@example.com",
          password: "Secret!Pass",
        })
      ).status,
    ).toBe(401);
  },
  "DELETE /api/management/admin/detail": async ({ a }) => {
    expect((await a.delete("/api/management/admin/detail/", { email: "i@example.com" })).status).toBe(401);
  },
  "GET /api/management/customer/detail": async ({ a, orgB }) => {
    // Naming B by header or query is ignored for a customer: it still reads its own organisation.
    const viaHeader = await a.get("/api/management/customer/detail/", { "x-dummy-org": orgB.id });
    const viaQuery = await a.get(`/api/management/customer/detail/?org_id=${orgB.id}`);
    expect(viaHeader.json.organization.id).not.toBe(orgB.id);
    expect(viaQuery.json.organization.id).not.toBe(orgB.id);
  },
  "POST /api/management/customer/detail": async ({ t, a, orgB }) => {
    const answer = await a.post("/api/management/customer/detail/", {
      user_data: { username: "Mole", email: "mole@example.com", organization_id: orgB.id },
    });
    expect(answer.status).toBe(403);
    const users = await t.context.database.db
      .select()
      .from(customerUsers)
      .where(eq(customerUsers.organisationId, orgB.id));
    expect(users.map((u) => u.email)).not.toContain("mole@example.com");
  },
  "PATCH /api/management/customer/detail": async ({ t, a, userB }) => {
    const answer = await a.patch("/api/management/customer/detail/", {
      user_data: { id: userB.id, blocked: true, username: "Hacked" },
    });
    expect(answer.status).toBe(404);
    const [row] = await t.context.database.db
      .select()
      .from(customerUsers)
      .where(eq(customerUsers.id, userB.id));
    expect(row?.blocked).toBe(false);
    expect(row?.username).not.toBe("Hacked");
  },
  "DELETE /api/management/customer/detail": async ({ t, a, userB }) => {
    expect((await a.delete("/api/management/customer/detail/", { user_id: userB.id })).status).toBe(404);
    const [row] = await t.context.database.db
      .select()
      .from(customerUsers)
      .where(eq(customerUsers.id, userB.id));
    expect(row).toBeDefined();
  },
  "POST /api/management/customer/agreement": async ({ t, a, orgB }) => {
    expect((await a.post("/api/management/customer/agreement/", { organization: orgB.id })).status).toBe(403);
    const [row] = await t.context.database.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, orgB.id));
    expect(row?.agreementAccepted).toBe(false);
  },
  "POST /api/management/customer/update": async ({ t, a, userB }) => {
    // The call edits the caller only: a user id cannot even be named.
    const form = new FormData();
    form.append("user_data", JSON.stringify({ id: userB.id, username: "Hacked" }));
    const answer = await a.post("/api/management/customer/update/", form);
    expect(answer.status).toBe(400);
    const [row] = await t.context.database.db
      .select()
      .from(customerUsers)
      .where(eq(customerUsers.id, userB.id));
    expect(row?.username).not.toBe("Hacked");
  },
  "POST /api/management/customer/organization-update": async ({ t, a, orgB }) => {
    const { pngWithMetadata } = await import("../helpers/images.ts");
    const form = new FormData();
    form.append("organization", orgB.id);
    form.append(
      "image",
      new File([new Uint8Array(await pngWithMetadata())], "logo.png", { type: "image/png" }),
    );
    expect((await a.post("/api/management/customer/organization-update/", form)).status).toBe(403);
    const [row] = await t.context.database.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, orgB.id));
    expect(row?.logo).toBeNull();
  },
  "POST /api/management/admin/update": async ({ a }) => {
    const form = new FormData();
    form.append("user_data", JSON.stringify({ username: "intruder" }));
    expect((await a.post("/api/management/admin/update/", form)).status).toBe(401);
  },
  "POST /api/management/admin/fake-org": async ({ a, orgB }) => {
    const answer = await a.post("/api/management/admin/fake-org/", { org_id: orgB.id });
    expect(answer.status).toBe(401);
    expect(answer.json.organization).toBeUndefined();
  },
  "GET /api/pictures/:name": async ({ t, a, orgB }) => {
    const { mkdirSync, writeFileSync } = await import("node:fs");
    const { picturesDir } = await import("../../server/pictures/pictureStore.ts");
    const name = `${crypto.randomUUID()}.webp`;
    mkdirSync(picturesDir(t.dataDir), { recursive: true });
    writeFileSync(join(picturesDir(t.dataDir), name), "RIFF");
    await t.context.database.db
      .update(organisations)
      .set({ logo: `/api/pictures/${name}` })
      .where(eq(organisations.id, orgB.id));
    expect((await a.get(`/api/pictures/${name}`)).status).toBe(404);
    await t.context.database.db
      .update(organisations)
      .set({ logo: null })
      .where(eq(organisations.id, orgB.id));
  },
  "POST /api/management/customer/organization": async ({ a }) => {
    expect(
      (await a.post("/api/management/customer/organization/", { organization: { name: "Mine now" } })).status,
    ).toBe(401);
  },
  "PATCH /api/management/customer/organization": async ({ t, a, orgB }) => {
    expect(
      (
        await a.patch("/api/management/customer/organization/", {
          organization: { id: orgB.id, name: "Mine now" },
        })
      ).status,
    ).toBe(401);
    const [row] = await t.context.database.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, orgB.id));
    expect(row?.name).toBe("Organisation B");
  },
  "GET /api/management/customer/notification": async ({ t, a, userB }) => {
    const { pushToRecipient } = await import("../../server/live/notifications.ts");
    const row = await pushToRecipient(
      t.context,
      { customerUserId: userB.id },
      { type: "notification", message: "For B only" },
    );
    const answer = await a.get("/api/management/customer/notification/?limit=200");
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.json)).not.toContain(row!.id);
  },
  "GET /api/management/admin/notification": async ({ a }) => {
    expect((await a.get("/api/management/admin/notification/")).status).toBe(401);
  },
  "DELETE /api/management/customer/notification": async ({ t, a, userB }) => {
    const { pushToRecipient } = await import("../../server/live/notifications.ts");
    const row = await pushToRecipient(
      t.context,
      { customerUserId: userB.id },
      { type: "notification", message: "For B only" },
    );
    expect((await a.delete("/api/management/customer/notification/", { id: row!.id })).status).toBe(404);
    const [still] = await t.context.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, row!.id));
    expect(still).toBeDefined();
  },
  "DELETE /api/management/admin/notification": async ({ a }) => {
    expect((await a.delete("/api/management/admin/notification/", { id: crypto.randomUUID() })).status).toBe(
      401,
    );
  },
  "POST /api/management/customer/file": async ({ t, a, orgB }) => {
    const form = new FormData();
    form.append(
      "files",
      new File([toCsv([professionalLine(), professionalLine({ line: 2 })])], "professional_fees.csv"),
    );
    form.append("years", "2024");
    form.append("organization", orgB.id);
    expect((await a.post("/api/management/customer/file/", form)).status).toBe(403);
    const years = await t.context.database.db
      .select()
      .from(organisationYears)
      .where(eq(organisationYears.organisationId, orgB.id));
    expect(years).toEqual([]);
    expect(existsSync(join(t.dataDir, "warehouse", "practice", orgB.id))).toBe(false);
  },
  "GET /api/management/customer/file/rejected/:id": async ({ t, a, orgB }) => {
    // An upload of B that set rows aside: A's customer gets 404, never the rows.
    const name = `${crypto.randomUUID()}.csv`;
    const path = warehousePaths.rejectedRows(t.dataDir, orgB.id, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, "table,row,reasons\nprofessional_fees,2,secret of B\n");
    const [upload] = await t.context.database.db
      .insert(practiceUploads)
      .values({
        organisationId: orgB.id,
        originalName: "b.csv",
        storageName: "b.csv",
        bytes: 1,
        checksum: "x",
        state: "accepted",
        skippedRows: 1,
        rejectedRowsName: name,
      })
      .returning();
    const answer = await a.get(`/api/management/customer/file/rejected/${upload!.id}/`);
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain("secret of B");
  },
  "POST /api/management/admin/customer/year-version/restore": async ({ a, orgB }) => {
    const body = { organization: orgB.id, year: 2024, version: crypto.randomUUID() };
    expect((await a.post("/api/management/admin/customer/year-version/restore/", body)).status).toBe(401);
  },
  "POST /api/services/advisory_board/file": async ({ t, a }) => {
    const form = new FormData();
    form.append("files", new File([toCsv([marketRow()])], "market_ip.csv"));
    form.append("kind", "IP");
    form.append("year", "2024");
    expect([401, 403]).toContain((await a.post("/api/services/advisory_board/file/", form)).status);
    expect(await t.context.database.db.select().from(advisoryBoardUploads)).toEqual([]);
  },
  "DELETE /api/management/admin/delete-organization": async ({ t, a, orgB }) => {
    expect(
      (await a.delete("/api/management/admin/delete-organization/", { organization: orgB.id })).status,
    ).toBe(401);
    const [row] = await t.context.database.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, orgB.id));
    expect(row).toBeDefined();
  },
  "GET /api/management/schemes/questionnaire": async (world) => {
    await questionnaireOfB(world);
    // A has none: naming B by header or query must not answer B's instead.
    const viaHeader = await world.a.get(QUESTIONNAIRE, { "x-dummy-org": world.orgB.id });
    const viaQuery = await world.a.get(`${QUESTIONNAIRE}?org_id=${world.orgB.id}`);
    expect(viaHeader.json.questionnaire).toBeNull();
    expect(viaQuery.json.questionnaire).toBeNull();
  },
  "POST /api/management/schemes/questionnaire": async (world) => {
    const before = await questionnaireOfB(world);
    const answers = { questionnaire: { own_rehab: "Yes" }, year: before.year };
    expect((await world.a.post(QUESTIONNAIRE, answers)).status).toBe(403); // A's own year is not open
    expect((await world.a.post(QUESTIONNAIRE, { ...answers, organization_id: world.orgB.id })).status).toBe(
      400,
    );
    expect(await questionnaireOfB(world)).toEqual(before);
  },
  "PATCH /api/management/schemes/questionnaire": async (world) => {
    const before = await questionnaireOfB(world);
    for (const kind of ["validate", "update"]) {
      const review = { questionnaire: {}, year: before.year, organization_uuid: world.orgB.id, kind };
      expect((await world.a.patch(QUESTIONNAIRE, review)).status).toBe(401);
    }
    expect(await questionnaireOfB(world)).toEqual(before);
  },
  "POST /api/management/schemes/questionnaire/allow": async ({ t, a, orgB }) => {
    expect((await a.post(`${QUESTIONNAIRE}allow/`, { organization_id: orgB.id, year: 2031 })).status).toBe(
      401,
    );
    const rows = await t.context.database.db
      .select()
      .from(questionnaires)
      .where(eq(questionnaires.organisationId, orgB.id));
    expect(rows.map((row) => row.year)).not.toContain(2031);
  },
  "GET /api/management/schemes/questionnaire/draft": async (world) => {
    await draftOfB(world);
    // A has no questionnaire: naming B by header or query must not answer B's draft instead.
    const viaHeader = await world.a.get(`${QUESTIONNAIRE}draft/`, { "x-dummy-org": world.orgB.id });
    const viaQuery = await world.a.get(`${QUESTIONNAIRE}draft/?org_id=${world.orgB.id}`);
    expect(viaHeader.json).toEqual({ status: 200, draft: null });
    expect(viaQuery.json).toEqual({ status: 200, draft: null });
  },
  "POST /api/management/schemes/questionnaire/draft": async (world) => {
    const before = await draftOfB(world);
    const body = { questionnaire: { own_rehab: "No" }, year: before.year, step: 5 };
    expect((await world.a.post(`${QUESTIONNAIRE}draft/`, body)).status).toBe(403); // A's year is not open
    const naming = await world.a.post(`${QUESTIONNAIRE}draft/`, { ...body, organization_id: world.orgB.id });
    expect(naming.status).toBe(400);
    expect(await questionnaireOfB(world)).toEqual(before);
  },
  "POST /api/management/schemes/questionnaire/detail": async (world) => {
    const before = await questionnaireOfB(world);
    const answer = await world.a.post(`${QUESTIONNAIRE}detail/`, {
      organization_id: world.orgB.id,
      year: before.year,
    });
    expect(answer.status).toBe(403);
    expect(answer.json.questionnaire).toBeUndefined();
  },
  // Scheme runs and results (server/schemes/): staff-only runs refuse customers; reads stay in-organisation.
  ...schemeAttempts(),
  // Practice profile, look-ups and the service-area suggestion (tests/api/tenancyProfile.ts).
  ...profileAttempts(),
  // Back-office year calls and saved queries (server/routes/admin/README.md).
  "POST /api/management/admin/organization": async ({ a, orgB }) => {
    for (const body of [{}, { id: orgB.id }, { full: true, id: orgB.id, year: 2030 }, { year: 2030 }]) {
      const answer = await a.post("/api/management/admin/organization/", body);
      expect(answer.status).toBe(401);
      expect(answer.json.organization ?? answer.json.organizations).toBeUndefined();
    }
  },
  "POST /api/management/admin/valid": async (world) => {
    const before = await yearOfB(world);
    const answer = await world.a.post("/api/management/admin/valid/", {
      organization_uuid: world.orgB.id,
      year: before.year,
    });
    expect(answer.status).toBe(401);
    expect(await yearOfB(world)).toEqual(before);
  },
  "PATCH /api/management/admin/valid": async (world) => {
    const answer = await world.a.patch("/api/management/admin/valid/", {
      organization_uuid: world.orgB.id,
      year: 2031,
    });
    expect(answer.status).toBe(401);
    expect((await yearsOfB(world)).map((row) => row.year)).not.toContain(2031);
  },
  "POST /api/management/admin/prelaunch": async (world) => {
    const before = await yearOfB(world);
    const answer = await world.a.post("/api/management/admin/prelaunch/", {
      org_id: world.orgB.id,
      year: before.year,
    });
    expect(answer.status).toBe(401);
    expect(await yearOfB(world)).toEqual(before);
  },
  "DELETE /api/management/admin/customer/remove-year": async (world) => {
    const before = await yearOfB(world);
    for (const action of [null, "delete"]) {
      const body = { organization: world.orgB.id, year: before.year, action };
      expect((await world.a.delete("/api/management/admin/customer/remove-year/", body)).status).toBe(401);
    }
    expect(await yearOfB(world)).toEqual(before);
  },
  "POST /api/management/admin/customer/service_area": async (world) => {
    await serviceAreaCall(world, "POST", "46209");
  },
  "PATCH /api/management/admin/customer/service_area": async (world) => {
    await serviceAreaCall(world, "PATCH", "46201");
  },
  "DELETE /api/management/admin/customer/service_area": async (world) => {
    await serviceAreaCall(world, "DELETE", "46201");
  },
  "GET /api/management/queries/save": async (world) => {
    const queryOfB = await savedQueryOfB(world);
    // Naming B by header or query is ignored for a customer: A's own (empty) lists answer.
    for (const headers of [{ "x-dummy-org": world.orgB.id }, undefined]) {
      const answer = await world.a.get(`/api/management/queries/save/?org_id=${world.orgB.id}`, headers);
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.json)).not.toContain(queryOfB.id);
    }
  },
  "POST /api/management/queries/save": async (world) => {
    const queryOfB = await savedQueryOfB(world);
    const save = { title: "Into B", querie: 1, filters: {}, organization_id: world.orgB.id };
    expect((await world.a.post("/api/management/queries/save/", save)).status).toBe(403);
    for (const action of ["SHARE", "DELETE"]) {
      const body = { action, querie: queryOfB.id, organization_id: world.orgB.id };
      expect((await world.a.post("/api/management/queries/save/", body)).status).toBe(403);
      const withoutOrganisation = { action, querie: queryOfB.id };
      expect((await world.a.post("/api/management/queries/save/", withoutOrganisation)).status).toBe(404);
    }
    // Running B's saved query by its id is not found for A, by path or with org_id.
    const run = await world.a.post(`/api/management/queries/${queryOfB.id}/?org_id=${world.orgB.id}`);
    expect(run.status).toBe(404);
    const rowsOfB = await savedQueriesOfB(world);
    expect(rowsOfB).toEqual([queryOfB]);
  },
  // The staff mailbox (server/routes/mailbox.ts): site admins only; a customer reads and sends nothing.
  "GET /api/services/email/get": async ({ a, userB }) => {
    const answer = await a.get("/api/services/email/get/");
    expect(answer.status).toBe(401);
    expect(answer.text).not.toContain(userB.email);
  },
  "GET /api/services/email/get/:mailbox": async ({ a, orgB, userB }) => {
    const answer = await a.get(`/api/services/email/get/${orgB.id}/`);
    expect(answer.status).toBe(401);
    expect(answer.text).not.toContain(userB.email);
  },
  "POST /api/services/email/get-user": async ({ a, orgB, userB }) => {
    const answer = await a.post("/api/services/email/get-user/", { organization_ids: [orgB.id] });
    expect(answer.status).toBe(401);
    expect(answer.text).not.toContain(userB.email);
  },
  "POST /api/services/email/send/custom": async ({ t, a, userB }) => {
    const { mailLog } = await import("../../server/db/schema/index.ts");
    const answer = await a.post("/api/services/email/send/custom/", {
      email_from: "Vitality <contact@vitality.local>",
      user_ids: [userB.id],
      subject: "From A",
      message: "Pretending to be staff",
    });
    expect(answer.status).toBe(401);
    expect(await t.context.database.db.select().from(mailLog).where(eq(mailLog.kind, "mailbox"))).toEqual([]);
  },
  "GET /api/management/customer/report-subscription": async (world) => {
    await subscriptionOfB(world);
    const answer = await world.a.get(`/api/management/customer/report-subscription/?org_id=${world.orgB.id}`);
    expect(answer.status).toBe(200);
    expect(answer.json.subscriptions).toEqual([]);
    expect(answer.json.colleagues.map((user: { id: string }) => user.id)).not.toContain(world.userB.id);
  },
  "POST /api/management/customer/report-subscription": async (world) => {
    // B's user as a recipient of A's report: refused by name of the field, nothing stored.
    const answer = await world.a.post("/api/management/customer/report-subscription/", {
      querie: "querie1",
      title: "To B",
      follow_latest_year: true,
      frequency: "weekly",
      weekday: 1,
      hour: 7,
      time_zone: "UTC",
      recipients: [world.userB.id],
    });
    expect(answer.status).toBe(400);
    expect(answer.json.errors[0].field).toBe("recipients");
    const { reportRecipients } = await import("../../server/db/schema/index.ts");
    const rows = await world.t.context.database.db
      .select()
      .from(reportRecipients)
      .where(eq(reportRecipients.customerUserId, world.userB.id));
    expect(rows.every((row) => row.email !== "" && row.subscriptionId === rows[0]?.subscriptionId)).toBe(
      true,
    );
  },
  "PATCH /api/management/customer/report-subscription/:id": async (world) => {
    const ofB = await subscriptionOfB(world);
    const answer = await world.a.patch(`/api/management/customer/report-subscription/${ofB.id}/`, {
      paused: true,
    });
    expect(answer.status).toBe(404);
    expect((await subscriptionOfB(world)).paused).toBe(false);
  },
  "DELETE /api/management/customer/report-subscription/:id": async (world) => {
    const ofB = await subscriptionOfB(world);
    expect((await world.a.delete(`/api/management/customer/report-subscription/${ofB.id}/`)).status).toBe(
      404,
    );
    expect((await subscriptionOfB(world)).id).toBe(ofB.id);
  },
  "POST /api/management/customer/report-subscription/:id/send-now": async (world) => {
    const ofB = await subscriptionOfB(world);
    const answer = await world.a.post(`/api/management/customer/report-subscription/${ofB.id}/send-now/`);
    expect(answer.status).toBe(404);
  },
  "GET /api/management/admin/report-subscription/:orgid": async (world) => {
    await subscriptionOfB(world);
    const answer = await world.a.get(`/api/management/admin/report-subscription/${world.orgB.id}/`);
    expect(answer.status).toBe(401);
    expect(answer.json.subscriptions).toBeUndefined();
  },
  "GET /api/management/admin/customer/year-version/:orgid/:year": async ({ t, a, orgB }) => {
    // B's year has a version; a customer (of A) reading B's versions is refused as not staff.
    await t.context.database.db.insert(practiceYearVersions).values({
      organisationId: orgB.id,
      year: 2024,
      dataVersion: 1,
      rows: 10,
      checksum: "sha256:b",
      storageName: "b.parquet",
    });
    const answer = await a.get(`/api/management/admin/customer/year-version/${orgB.id}/2024/`);
    expect(answer.status).toBe(401);
    expect(answer.json.versions).toBeUndefined();
  },
  "POST /api/management/admin/report-subscription/:orgid/pause": async (world) => {
    await subscriptionOfB(world);
    const answer = await world.a.post(`/api/management/admin/report-subscription/${world.orgB.id}/pause/`);
    expect(answer.status).toBe(401);
    expect((await subscriptionOfB(world)).paused).toBe(false);
  },
  "GET /api/reports/unsubscribe/:token": noOrganisationData(
    "a signed token naming one recipient row; only that recipient is shown (tests/api/reportSubscriptions.test.ts)",
  ),
  "POST /api/reports/unsubscribe/:token": noOrganisationData(
    "a signed token removes its own recipient only, once; a forged one is 404 (tests/api/reportSubscriptions.test.ts)",
  ),
  "GET /api/management/queries/adminsave/:orgid": async (world) => {
    await savedQueryOfB(world);
    const answer = await world.a.get(`/api/management/queries/adminsave/${world.orgB.id}/`);
    expect(answer.status).toBe(401);
    expect(answer.json.colab_queries).toBeUndefined();
  },
};

const QUESTIONNAIRE = "/api/management/schemes/questionnaire/";

/** B's stored scheme rows for an enabled 2037 (a scoring and service capabilities) that A must not reach. */
async function schemeRowsOfB({ t, orgB }: World) {
  const { db } = t.context.database;
  await db
    .insert(organisationYears)
    .values({ organisationId: orgB.id, year: 2037, enabled: true })
    .onConflictDoNothing();
  const scores = {
    market_alignement: 10,
    centricity: 10,
    competitive_comparison: 10,
    partnerships: 10,
    service_mix_and_strength: 10,
    total: 10,
  };
  await db
    .insert(schemeResults)
    .values({ organisationId: orgB.id, year: 2037, kind: "SCORING", status: "done", result: scores })
    .onConflictDoNothing();
  await db
    .insert(schemeResults)
    .values({ organisationId: orgB.id, year: 2037, kind: "SC", status: "done", result: { secret: 1 } })
    .onConflictDoNothing();
  const rows = async () => ({
    validations: await db.select().from(validations).where(eq(validations.organisationId, orgB.id)),
    results: await db.select().from(schemeResults).where(eq(schemeResults.organisationId, orgB.id)),
  });
  return rows;
}

function schemeAttempts(): Record<string, Attempt> {
  const staffOnly =
    (method: "post" | "patch", path: string, body: (orgB: string) => Record<string, unknown>): Attempt =>
    async (world) => {
      const rows = await schemeRowsOfB(world);
      const before = await rows();
      expect((await world.a[method](path, body(world.orgB.id))).status).toBe(401);
      expect(await rows()).toEqual(before);
    };
  const readOwnOnly =
    (path: string): Attempt =>
    async (world) => {
      await schemeRowsOfB(world);
      const answer = await world.a.post(path, { organization_id: world.orgB.id, year: 2037 });
      expect(answer.status).toBe(403);
      expect(JSON.stringify(answer.json)).not.toContain("secret");
    };
  const validation = (orgB: string) => ({ year: 2037, type: "facility", organization_uuid: orgB });
  const generate = (kind: string) => (orgB: string) => ({ kind, organization: orgB, year: 2037 });
  return {
    "POST /api/management/admin/validation": staffOnly(
      "post",
      "/api/management/admin/validation/",
      validation,
    ),
    "PATCH /api/management/admin/validation": staffOnly(
      "patch",
      "/api/management/admin/validation/",
      validation,
    ),
    "POST /api/management/admin/scoring": staffOnly("post", "/api/management/admin/scoring/", (orgB) => ({
      organization_uuid: orgB,
      year: 2037,
    })),
    "POST /api/management/schemes/service_capabilities/generate": staffOnly(
      "post",
      "/api/management/schemes/service_capabilities/generate/",
      generate("SC"),
    ),
    "POST /api/management/schemes/macro_capabilities/generate": staffOnly(
      "post",
      "/api/management/schemes/macro_capabilities/generate/",
      generate("MC"),
    ),
    "POST /api/management/schemes/market_capabilities/generate": staffOnly(
      "post",
      "/api/management/schemes/market_capabilities/generate/",
      generate("MP"),
    ),
    "POST /api/management/schemes/service_capabilities/detail": readOwnOnly(
      "/api/management/schemes/service_capabilities/detail/",
    ),
    "POST /api/management/schemes/macro_capabilities/detail": readOwnOnly(
      "/api/management/schemes/macro_capabilities/detail/",
    ),
    "POST /api/management/schemes/market_capabilities/detail": readOwnOnly(
      "/api/management/schemes/market_capabilities/detail/",
    ),
    "POST /api/management/scoring/detail": readOwnOnly("/api/management/scoring/detail/"),
    "POST /api/management/scoring/result": async (world) => {
      await schemeRowsOfB(world);
      // A's org_id (body, query or header) is ignored: A's own organisation answers, and it has no scoring.
      for (const answer of [
        await world.a.post("/api/management/scoring/result/", { org_id: world.orgB.id }),
        await world.a.post(`/api/management/scoring/result/?org_id=${world.orgB.id}`, {}),
        await world.a.post("/api/management/scoring/result/", {}, { "x-dummy-org": world.orgB.id }),
      ]) {
        expect(answer.status).toBe(200);
        expect(answer.json.data).toBeNull();
      }
    },
  };
}

/** Organisation B's questionnaire for 2030, opened by staff: A must neither read nor change it. */
async function questionnaireOfB({ t, orgB }: World) {
  const { db } = t.context.database;
  await db
    .insert(questionnaires)
    .values({ organisationId: orgB.id, year: 2030, state: "waiting" })
    .onConflictDoNothing();
  const [row] = await db.select().from(questionnaires).where(eq(questionnaires.organisationId, orgB.id));
  return row!;
}

/** B's waiting questionnaire with a draft its admin typed. */
async function draftOfB(world: World) {
  const row = await questionnaireOfB(world);
  const draft = { answers: { own_rehab: "Yes", local_athletic_organizations: "secret" }, step: 7 };
  await world.t.context.database.db
    .update(questionnaires)
    .set({ draft, draftSavedAt: new Date() })
    .where(eq(questionnaires.id, row.id));
  return questionnaireOfB(world);
}

/** Organisation B's year 2030 (data accepted, complete or not): A must neither read nor change it. */
async function yearsOfB({ t, orgB }: World) {
  const { organisationYears: years } = await import("../../server/db/schema/index.ts");
  return t.context.database.db.select().from(years).where(eq(years.organisationId, orgB.id));
}
async function yearOfB(world: World) {
  const { organisationYears: years } = await import("../../server/db/schema/index.ts");
  await world.t.context.database.db
    .insert(years)
    .values({ organisationId: world.orgB.id, year: 2030, fileState: "uploaded" })
    .onConflictDoNothing();
  return (await yearsOfB(world)).find((row) => row.year === 2030)!;
}

/** A customer of A calls a service-area call on B's 2030 (which has 46201): refused, nothing changes. */
async function serviceAreaCall(world: World, method: string, zipcode: string) {
  const { serviceAreas } = await import("../../server/db/schema/index.ts");
  const { db } = world.t.context.database;
  const year = (await yearOfB(world)).year;
  await db
    .insert(serviceAreas)
    .values({ organisationId: world.orgB.id, year, zipcode: "46201", type: "PSA" })
    .onConflictDoNothing();
  const areaOfB = () => db.select().from(serviceAreas).where(eq(serviceAreas.organisationId, world.orgB.id));
  const before = await areaOfB();
  const body = { organization_uuid: world.orgB.id, year, service_area: [{ zipcode, type: "PSA", year }] };
  const answer = await world.a.request(method, "/api/management/admin/customer/service_area/", body);
  expect(answer.status).toBe(401);
  expect(await areaOfB()).toEqual(before);
}

/** A shared saved query of B's user: A must not list, run, share or delete it. */
async function savedQueriesOfB({ t, orgB }: World) {
  const { savedQueries } = await import("../../server/db/schema/index.ts");
  return t.context.database.db.select().from(savedQueries).where(eq(savedQueries.organisationId, orgB.id));
}
async function savedQueryOfB(world: World) {
  const { savedQueries } = await import("../../server/db/schema/index.ts");
  const existing = await savedQueriesOfB(world);
  if (existing[0]) return existing[0];
  const [row] = await world.t.context.database.db
    .insert(savedQueries)
    .values({
      organisationId: world.orgB.id,
      ownerUserId: world.userB.id,
      username: "B user",
      ownerEmail: world.userB.email,
      name: "querie1",
      querie: 1,
      title: "B's view",
      accessible: true,
      filters: { year: 2030 },
    })
    .returning();
  return row!;
}

/** A report subscription of B's user: A must not read, change, delete or send it. */
async function subscriptionOfB(world: World) {
  const { reportSubscriptions } = await import("../../server/db/schema/index.ts");
  const { db } = world.t.context.database;
  const [existing] = await db
    .select()
    .from(reportSubscriptions)
    .where(eq(reportSubscriptions.organisationId, world.orgB.id));
  if (existing) return existing;
  const [row] = await db
    .insert(reportSubscriptions)
    .values({
      organisationId: world.orgB.id,
      ownerUserId: world.userB.id,
      querie: "querie1",
      title: "B's report",
      filters: { year: 2030 },
      frequency: "weekly",
      weekday: 1,
      hour: 7,
      timeZone: "UTC",
    })
    .returning();
  return row!;
}

const normalise = (path: string) => path.replace(/\/+$/, "").replace(/\/\*$/, "");

for (const backend of backends) {
  describe(`tenancy: organisation A's admin against organisation B (${backend})`, () => {
    const world = {} as World;
    beforeAll(async () => {
      world.t = await startTestApp(backend);
      const orgA = await createOrganisation(world.t, {
        name: "Organisation A",
        initialized: true,
        agreementAccepted: true,
      });
      world.orgB = await createOrganisation(world.t, { name: "Organisation B", initialized: true });
      const adminA = await createCustomer(world.t, orgA.id, { isStaff: true });
      world.userB = await createCustomer(world.t, world.orgB.id, { isStaff: true });
      world.a = await signInCustomer(world.t, adminA.email);
    });
    afterAll(() => world.t.close());

    test("every API route has a tenancy entry", () => {
      const registered = new Set(
        world.t.app.routes
          .filter(
            (route) => route.path.startsWith("/api/") && route.method !== "ALL" && !route.path.endsWith("*"),
          )
          .map((route) => `${route.method} ${normalise(route.path)}`),
      );
      const missing = [...registered].filter((route) => !(route in attempts));
      expect(missing).toEqual([]);
    });

    for (const [route, attempt] of Object.entries(attempts)) {
      if (typeof attempt === "string") continue;
      test(route, () => attempt(world));
    }
  });
}
