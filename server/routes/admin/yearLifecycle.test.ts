import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { backends } from "../../../tests/helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  createStaff,
  signInStaff,
} from "../../../tests/helpers/factories.ts";
import type { HttpClient } from "../../../tests/helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../../../tests/helpers/testApp.ts";
import {
  organisations,
  organisationYears,
  practiceUploads,
  questionnaires,
  schemeResults,
  serviceAreas,
  validations,
} from "../../db/schema/index.ts";
import { pluginRegistry } from "../../engine/registry.ts";
import { marketCase, practiceLine } from "../../engine/testing/golden.ts";
import { writeWarehouse } from "../../engine/testing/queriesApp.ts";
import { warehousePaths } from "../../ingest/storage.ts";
import { signInFromOwnAddress, yearAt } from "./testSupport.ts";

const VALID = "/api/management/admin/valid/";
const PRELAUNCH = "/api/management/admin/prelaunch/";
const REMOVE = "/api/management/admin/customer/remove-year/";

for (const backend of backends) {
  describe(`year lifecycle calls (${backend})`, () => {
    let t: TestApp;
    let siteAdmin: HttpClient;
    let agent: HttpClient;

    const db = () => t.context.database.db;
    const yearRow = async (organisationId: string, year: number) =>
      (
        await db()
          .select()
          .from(organisationYears)
          .where(and(eq(organisationYears.organisationId, organisationId), eq(organisationYears.year, year)))
      )[0];
    const countOf = async (
      table: typeof validations | typeof schemeResults | typeof questionnaires | typeof serviceAreas,
      organisationId: string,
    ) => (await db().select().from(table).where(eq(table.organisationId, organisationId))).length;

    /** An organisation with one signed-in customer admin. */
    async function customerOrg(name: string) {
      const org = await createOrganisation(t, { name });
      const admin = await createCustomer(t, org.id, { isStaff: true });
      return { org, customer: await signInFromOwnAddress(t, admin.email) };
    }

    beforeAll(async () => {
      t = await startTestApp(backend);
      siteAdmin = await signInStaff(t, (await createStaff(t, "site_admin")).username);
      agent = await signInStaff(t, (await createStaff(t, "agent")).username);
    });
    afterAll(() => t.close());

    describe("PATCH valid/: request a year from the customer", () => {
      test("creates the requested year; it shows in pending_years; again is harmless", async () => {
        const { org } = await customerOrg("Requesting");
        const answer = await siteAdmin.patch(VALID, { organization_uuid: org.id, year: "2025" });
        expect(answer.status).toBe(200);
        expect(answer.json).toMatchObject({ year: 2025, requested: true, pending_years: [2025] });
        expect(await yearRow(org.id, 2025)).toMatchObject({
          requested: true,
          fileState: "none",
          enabled: false,
        });
        expect((await siteAdmin.patch(VALID, { organization_uuid: org.id, year: 2025 })).status).toBe(200);
      });

      test("the year is exactly 4 digits; a year with data is not requested again", async () => {
        const { org } = await customerOrg("Request refusals");
        for (const year of ["25", 20255, "2O24"]) {
          const answer = await siteAdmin.patch(VALID, { organization_uuid: org.id, year });
          expect(answer.status).toBe(400);
          expect(answer.json.errors).toEqual([
            { field: "year", message: "must be exactly 4 digits (e.g. 2024)" },
          ]);
        }
        // A data year only: from 2000 to next year (a typo would make a year nobody can use).
        const next = new Date().getUTCFullYear() + 1;
        for (const year of [1999, "1999", next + 1]) {
          const answer = await siteAdmin.patch(VALID, { organization_uuid: org.id, year });
          expect(answer.json.errors).toEqual([
            { field: "year", message: `must be a year from 2000 to ${next}` },
          ]);
        }
        expect(await yearRow(org.id, 1999)).toBeUndefined();
        await yearAt(t, org.id, 2024);
        const again = await siteAdmin.patch(VALID, { organization_uuid: org.id, year: 2024 });
        expect(again.status).toBe(400);
        expect(again.json.detail).toBe(
          "2024 already has accepted data: delete its file first to ask the customer for a new one.",
        );
        const unknown = await siteAdmin.patch(VALID, { organization_uuid: crypto.randomUUID(), year: 2024 });
        expect(unknown.status).toBe(404);
      });
    });

    describe("POST valid/: initialise (enable) a year", () => {
      test("a 100% year is enabled and the organisation initialized; again re-initialises", async () => {
        const { org } = await customerOrg("Initialising");
        await yearAt(t, org.id, 2024);
        const answer = await siteAdmin.post(VALID, { organization_uuid: org.id, year: 2024 });
        expect(answer.status).toBe(200);
        expect(answer.json).toMatchObject({ year: 2024, enabled: true, initialized: true, years: [2024] });
        // The year detail shows this detail as the outcome of 'Active' / 'Enabled this year'.
        const analyses = (await pluginRegistry()).all().length;
        expect(analyses).toBeGreaterThanOrEqual(10);
        expect(answer.json.detail).toBe(
          `2024 is enabled for Initialising: its ${analyses} analyses and score are open to its users, who are told.`,
        );
        expect((await yearRow(org.id, 2024))?.enabled).toBe(true);
        const [row] = await db().select().from(organisations).where(eq(organisations.id, org.id));
        expect(row?.initialized).toBe(true);
        const again = await siteAdmin.post(VALID, { organization_uuid: org.id, year: 2024 });
        expect(again.status).toBe(200);
        expect(again.json.detail).toBe(
          `2024 was already enabled for Initialising: it is re-initialised (its ${analyses} analyses stay open; the users are not told again).`,
        );
        const list = await siteAdmin.post("/api/management/admin/organization/", {});
        const listed = list.json.organizations.find((entry: { id: string }) => entry.id === org.id);
        expect(listed.status).toBe("ACTIVE");
      });

      test("the customer's manifest read right after the enable opens the year (no stale snapshot)", async () => {
        const { org, customer } = await customerOrg("Opening");
        await yearAt(t, org.id, 2024);
        const manifest = async () => (await customer.get("/api/management/queries/manifest/")).json;
        expect((await manifest()).available_years).toEqual([]);
        expect((await siteAdmin.post(VALID, { organization_uuid: org.id, year: 2024 })).status).toBe(200);
        // An open analysis told of the change asks at once: it must hear the year is open.
        expect((await manifest()).available_years).toEqual([2024]);
      });

      test("below 100%: 400 with the percent and what is missing", async () => {
        const { org } = await customerOrg("Almost");
        // 7 units + questionnaire submitted (0.5) = 7.5; 7.5 x 100 / 8 = 93.75
        await yearAt(t, org.id, 2024, { questionnaire: "under_analysis" });
        const answer = await siteAdmin.post(VALID, { organization_uuid: org.id, year: 2024 });
        expect(answer.status).toBe(400);
        expect(answer.json.detail).toBe(
          "2024 is at 93.75% progress; it can be initialised at 100% (missing: Questionnaire).",
        );
        expect((await yearRow(org.id, 2024))?.enabled).toBe(false);
      });

      test("a 100% year without practice data or market data of that year is refused, naming what is missing", async () => {
        const { org } = await customerOrg("Dataless");
        // Every review step recorded, but no market data for 2022 and an accepted file of 0 rows.
        await yearAt(t, org.id, 2022, { market: false });
        await db()
          .update(organisationYears)
          .set({ rows: 0 })
          .where(and(eq(organisationYears.organisationId, org.id), eq(organisationYears.year, 2022)));
        const neither = await siteAdmin.post(VALID, { organization_uuid: org.id, year: 2022 });
        expect(neither.status).toBe(400);
        expect(neither.json.detail).toBe(
          "2022 cannot be enabled: it has no practice data and no market data for 2022.",
        );
        await writeWarehouse(t.dataDir, { year: 2022, market: [marketCase({ year: 2022 })] });
        const noPractice = await siteAdmin.post(VALID, { organization_uuid: org.id, year: 2022 });
        expect(noPractice.json.detail).toBe("2022 cannot be enabled: it has no practice data for 2022.");
        expect((await yearRow(org.id, 2022))?.enabled).toBe(false);
      });

      test("'No year to initialize' when the year is absent or has no accepted data", async () => {
        const { org } = await customerOrg("Empty");
        const absent = await siteAdmin.post(VALID, { organization_uuid: org.id, year: 2019 });
        expect(absent.status).toBe(400);
        expect(absent.json.detail).toBe("No year to initialize: Empty has no year 2019.");
        await yearAt(t, org.id, 2024, { fileState: "need_update" });
        const noFile = await siteAdmin.post(VALID, { organization_uuid: org.id, year: 2024 });
        expect(noFile.json.detail).toBe(
          "No year to initialize: 2024 has no accepted data file (file state need_update).",
        );
      });
    });

    describe("POST prelaunch/", () => {
      test("a complete, not enabled year joins accessible_years; the customer's years do not change", async () => {
        const { org } = await customerOrg("Prelaunching");
        await yearAt(t, org.id, 2024);
        const answer = await siteAdmin.post(PRELAUNCH, { org_id: org.id, year: 2024 });
        expect(answer.status).toBe(200);
        expect(answer.json).toMatchObject({ prelaunched: true, accessible_years: [2024], years: [] });
        const analyses = (await pluginRegistry()).all().length;
        expect(answer.json.detail).toBe(
          `2024 is prelaunched for Prelaunching: staff can read its ${analyses} analyses in the dummy view; its users see them once the year is enabled.`,
        );
        expect((await yearRow(org.id, 2024))?.prelaunched).toBe(true);
      });

      test("a 100% year without practice data or market data of that year is not prelaunched, naming what is missing", async () => {
        const { org } = await customerOrg("Dataless prelaunch");
        // Every review step recorded, but no market data for 2021 and an accepted file of 0 rows.
        await yearAt(t, org.id, 2021, { market: false });
        await db()
          .update(organisationYears)
          .set({ rows: 0 })
          .where(and(eq(organisationYears.organisationId, org.id), eq(organisationYears.year, 2021)));
        const neither = await siteAdmin.post(PRELAUNCH, { org_id: org.id, year: 2021 });
        expect(neither.status).toBe(400);
        expect(neither.json.detail).toBe(
          "2021 cannot be prelaunched: it has no practice data and no market data for 2021.",
        );
        await db()
          .update(organisationYears)
          .set({ rows: 10 })
          .where(and(eq(organisationYears.organisationId, org.id), eq(organisationYears.year, 2021)));
        const noMarket = await siteAdmin.post(PRELAUNCH, { org_id: org.id, year: 2021 });
        expect(noMarket.json.detail).toBe("2021 cannot be prelaunched: it has no market data for 2021.");
        expect((await yearRow(org.id, 2021))?.prelaunched).toBe(false);
        // With the year's market data it goes through.
        await writeWarehouse(t.dataDir, { year: 2021, market: [marketCase({ year: 2021 })] });
        expect((await siteAdmin.post(PRELAUNCH, { org_id: org.id, year: 2021 })).status).toBe(200);
        expect((await yearRow(org.id, 2021))?.prelaunched).toBe(true);
      });

      test("refused for an enabled year, an incomplete one, and a year without data", async () => {
        const { org } = await customerOrg("No prelaunch");
        await yearAt(t, org.id, 2024);
        await yearAt(t, org.id, 2023, { scoring: false });
        await siteAdmin.post(VALID, { organization_uuid: org.id, year: 2024 });
        const enabled = await siteAdmin.post(PRELAUNCH, { org_id: org.id, year: 2024 });
        expect(enabled.status).toBe(400);
        expect(enabled.json.detail).toBe("2024 is already enabled: there is nothing to prelaunch.");
        const incomplete = await siteAdmin.post(PRELAUNCH, { org_id: org.id, year: 2023 });
        expect(incomplete.json.detail).toBe(
          "2023 is at 87.5% progress; it can be initialised at 100% (missing: Scoring).",
        );
        const absent = await siteAdmin.post(PRELAUNCH, { org_id: org.id, year: 2020 });
        expect(absent.json.detail).toBe("No year to initialize: No prelaunch has no year 2020.");
      });
    });

    describe("DELETE customer/remove-year/", () => {
      /** A complete 2024 with practice data on disk, a service area and a received file of 2024 only. */
      async function yearWithData(name: string) {
        const { org, customer } = await customerOrg(name);
        await yearAt(t, org.id, 2024);
        await db()
          .insert(serviceAreas)
          .values({ organisationId: org.id, year: 2024, zipcode: "10001", type: "PSA" });
        await writeWarehouse(t.dataDir, {
          year: 2024,
          market: [marketCase({ rendering_npi: "1111111111" })],
          practice: { organisationId: org.id, rows: [practiceLine({})] },
        });
        const storageName = `${crypto.randomUUID()}.csv`;
        const uploadDir = join(t.dataDir, "uploads", "practice", org.id);
        mkdirSync(uploadDir, { recursive: true });
        writeFileSync(join(uploadDir, storageName), "claim_id\nC1\n");
        const [upload] = await db()
          .insert(practiceUploads)
          .values({
            organisationId: org.id,
            originalName: "fees.csv",
            storageName,
            bytes: 12,
            checksum: "x",
            years: [2024],
            state: "accepted",
          })
          .returning();
        return { org, customer, uploadFile: join(uploadDir, storageName), uploadId: upload!.id };
      }

      test("action null deletes the year's data and results; the year waits for a new file", async () => {
        const { org, customer, uploadFile, uploadId } = await yearWithData("File removal");
        await siteAdmin.post(VALID, { organization_uuid: org.id, year: 2024 });
        // The engine caches the year's answer; the removal must not let it answer again.
        expect((await customer.post("/api/management/queries/querie1/", {})).headers.get("x-cache")).toBe(
          "miss",
        );
        expect((await customer.post("/api/management/queries/querie1/", {})).headers.get("x-cache")).toBe(
          "hit",
        );

        const answer = await siteAdmin.delete(REMOVE, { organization: org.id, year: 2024, action: null });
        expect(answer.status).toBe(200);
        expect(answer.json).toMatchObject({
          action: null,
          practice_data_removed: true,
          upload_files_removed: 1,
          pending_years: [2024],
          available_years: [],
          years: [],
        });
        expect(existsSync(warehousePaths.practiceLines(t.dataDir, org.id, 2024))).toBe(false);
        expect(existsSync(uploadFile)).toBe(false);
        expect(await yearRow(org.id, 2024)).toMatchObject({
          fileState: "need_update",
          requested: true,
          enabled: false,
          rows: 0,
          dataVersion: 2,
        });
        expect(await countOf(validations, org.id)).toBe(0);
        expect(await countOf(schemeResults, org.id)).toBe(0);
        expect(await countOf(questionnaires, org.id)).toBe(0);
        expect(await countOf(serviceAreas, org.id)).toBe(1); // the year stays with its service area
        const [upload] = await db().select().from(practiceUploads).where(eq(practiceUploads.id, uploadId));
        expect(upload).toMatchObject({ years: [], state: "superseded" });
        // The year is no longer enabled: the cached answer is not served, the run is refused by its year.
        const after = await customer.post("/api/management/queries/querie1/", {});
        expect(after.status).toBe(400);
        expect(after.headers.get("x-cache")).toBeNull();
        expect(after.json.errors[0].field).toBe("filters.year");
      });

      test("action 'delete' removes the year and everything of it; a file of several years is kept", async () => {
        const { org, uploadFile } = await yearWithData("Year removal");
        const [shared] = await db()
          .insert(practiceUploads)
          .values({
            organisationId: org.id,
            originalName: "two-years.csv",
            storageName: "kept.csv",
            bytes: 1,
            checksum: "y",
            years: [2023, 2024],
            state: "accepted",
          })
          .returning();
        // Every open screen on this organisation hears of it (a state change of that year: they re-read).
        const events: Record<string, unknown>[] = [];
        const publish = t.context.live.publish.bind(t.context.live);
        t.context.live.publish = async (channel, message) => {
          if (message.type === "changed") events.push(message as Record<string, unknown>);
          return publish(channel, message);
        };
        const answer = await siteAdmin
          .delete(REMOVE, { organization: org.id, year: "2024", action: "delete" })
          .finally(() => {
            t.context.live.publish = publish;
          });
        expect(answer.status).toBe(200);
        expect(answer.json.detail).toBe("2024 and all its data are deleted.");
        expect(events.length).toBeGreaterThan(0);
        expect(
          events.every(
            (event) => event.organisation === org.id && event.year === 2024 && event.topic === "year",
          ),
        ).toBe(true);
        expect(await yearRow(org.id, 2024)).toBeUndefined();
        expect(await countOf(serviceAreas, org.id)).toBe(0);
        expect(await countOf(validations, org.id)).toBe(0);
        expect(existsSync(warehousePaths.practiceLines(t.dataDir, org.id, 2024))).toBe(false);
        expect(existsSync(uploadFile)).toBe(false);
        const [kept] = await db().select().from(practiceUploads).where(eq(practiceUploads.id, shared!.id));
        expect(kept).toMatchObject({ years: [2023], state: "accepted" });
      });

      test("refusals: unknown year, bad action", async () => {
        const { org } = await customerOrg("Removal refusals");
        const unknown = await siteAdmin.delete(REMOVE, {
          organization: org.id,
          year: 2024,
          action: "delete",
        });
        expect(unknown.status).toBe(404);
        expect(unknown.json.detail).toBe("Removal refusals has no year 2024.");
        const badAction = await siteAdmin.delete(REMOVE, {
          organization: org.id,
          year: 2024,
          action: "wipe",
        });
        expect(badAction.status).toBe(400);
        expect(badAction.json.errors).toEqual([
          { field: "action", message: "must be null (delete the file) or 'delete' (the year)" },
        ]);
      });
    });

    test("roles: agents 403, customers 401, dummy mode 403, for every call; nothing changes", async () => {
      const { org, customer } = await customerOrg("Roles");
      await yearAt(t, org.id, 2024);
      const calls: [string, string, Record<string, unknown>][] = [
        ["POST", VALID, { organization_uuid: org.id, year: 2024 }],
        ["PATCH", VALID, { organization_uuid: org.id, year: 2026 }],
        ["POST", PRELAUNCH, { org_id: org.id, year: 2024 }],
        ["DELETE", REMOVE, { organization: org.id, year: 2024, action: "delete" }],
      ];
      for (const [method, path, body] of calls) {
        const byAgent = await agent.request(method, path, body);
        expect(byAgent.status).toBe(403);
        expect(byAgent.json.detail).toBe("Agents cannot do this.");
        expect((await customer.request(method, path, body)).status).toBe(401);
        const dummy = await siteAdmin.request(method, path, body, { "x-dummy-org": org.id });
        expect(dummy.status).toBe(403);
        expect(dummy.json.detail).toContain("Dummy mode is read-only");
      }
      expect(await yearRow(org.id, 2024)).toMatchObject({
        enabled: false,
        prelaunched: false,
        fileState: "uploaded",
      });
      expect(await yearRow(org.id, 2026)).toBeUndefined();
    });
  });
}
