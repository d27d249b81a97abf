import { afterAll, beforeAll, describe, expect, test } from "bun:test";
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
  facilities,
  organisationYears,
  providers,
  queryUsageLog,
  questionnaires,
  schemeResults,
  serviceAreas,
  validations,
} from "../../db/schema/index.ts";
import { currentInputs } from "../../organisations/yearInputs.ts";
import { signInFromOwnAddress, yearAt } from "./testSupport.ts";

const PATH = "/api/management/admin/organization/";

/*
 * Alpha Ortho (2 users):
 *   2023 complete: 3 validations valid, SC/MC/MP/scoring done, questionnaire valid = 8 units = 100%.
 *   2024: facility and provider valid (2), global done but not valid (0), SC running (0), MC/MP/scoring
 *         absent (0), questionnaire waiting (0.5) = 2.5 units; 2.5 x 100 / 8 = 31.25%.
 *         Service area 46201 PSA (checked, available) and 46202 SSA (unchecked). File requested.
 *   2022: a row only: 0%, no service area.
 *   Usage: querie1 twice on 2026-03-01, querie2 once on 2026-03-02.
 * Beta Bones: no user, no year.
 */
const globalNote = { speciality: [{ service: "Spine", note: "Low volume" }], mri: null };

for (const backend of backends) {
  describe(`POST ${PATH} (${backend})`, () => {
    let t: TestApp;
    let siteAdmin: HttpClient;
    let agent: HttpClient;
    let customer: HttpClient;
    let alpha: { id: string };
    let beta: { id: string };
    /** 2024's provider validation's verdict on Dr Bone (2023 has no provider validation). */
    let bonesVerdict: Record<string, string>;

    beforeAll(async () => {
      t = await startTestApp(backend);
      const { db } = t.context.database;
      alpha = await createOrganisation(t, {
        name: "Alpha Ortho",
        address: "1 Main St",
        locale: "Indianapolis, IN",
        localeZip: "46201",
      });
      beta = await createOrganisation(t, { name: "Beta Bones" });
      const admin = await createCustomer(t, alpha.id, { isStaff: true });
      await createCustomer(t, alpha.id, { isStaff: false });
      await db.insert(facilities).values({ organisationId: alpha.id, npi: "1000000001", name: "Alpha ASC" });
      const [provider] = await db
        .insert(providers)
        .values({ organisationId: alpha.id, npi: "2000000001", fullName: "Dr Bone" })
        .returning();
      bonesVerdict = {
        id: provider!.id,
        npi: "2000000001",
        name: "Dr Bone",
        state: "warning",
        note: "check",
      };
      await yearAt(t, alpha.id, 2023);
      await db.insert(organisationYears).values([
        { organisationId: alpha.id, year: 2024, requested: true },
        { organisationId: alpha.id, year: 2022 },
      ]);
      // Stamped with the year's input versions, as a run stores them: current.
      const inputs = await currentInputs(db, alpha.id, 2024);
      await db.insert(validations).values([
        { organisationId: alpha.id, year: 2024, type: "facility", valid: true, done: true, inputs },
        {
          organisationId: alpha.id,
          year: 2024,
          type: "provider",
          valid: true,
          done: true,
          result: { valid: true, rows: [bonesVerdict] },
          inputs,
        },
        {
          organisationId: alpha.id,
          year: 2024,
          type: "global",
          valid: false,
          done: true,
          result: { valid: false, note: globalNote },
          inputs,
        },
      ]);
      await db
        .insert(schemeResults)
        .values({ organisationId: alpha.id, year: 2024, kind: "SC", status: "running" });
      await db.insert(questionnaires).values({ organisationId: alpha.id, year: 2024, state: "waiting" });
      await db.insert(serviceAreas).values([
        {
          organisationId: alpha.id,
          year: 2024,
          zipcode: "46201",
          type: "PSA",
          checked: true,
          available: true,
        },
        { organisationId: alpha.id, year: 2024, zipcode: "46202", type: "SSA" },
      ]);
      await db.insert(queryUsageLog).values([
        { organisationId: alpha.id, querie: "querie1", createdAt: new Date("2026-03-01T10:00:00Z") },
        { organisationId: alpha.id, querie: "querie1", createdAt: new Date("2026-03-01T22:00:00Z") },
        { organisationId: alpha.id, querie: "querie2", createdAt: new Date("2026-03-02T08:00:00Z") },
      ]);
      siteAdmin = await signInStaff(t, (await createStaff(t, "site_admin")).username);
      agent = await signInStaff(t, (await createStaff(t, "agent")).username);
      customer = await signInFromOwnAddress(t, admin.email);
    });
    afterAll(() => t.close());

    test("{} (or no body): the customers list with users, status and progress per year", async () => {
      const answer = await siteAdmin.post(PATH, {});
      expect(answer.status).toBe(200);
      const [first, second] = answer.json.organizations;
      expect(answer.json.organizations.map((row: { name: string }) => row.name)).toEqual([
        "Alpha Ortho",
        "Beta Bones",
      ]);
      expect(first).toMatchObject({
        id: alpha.id,
        full_address: "1 Main St, Indianapolis, IN, 46201",
        users: 2,
        status: "INITIALIZATION",
        initialized: false,
        progress: { "2022": 0, "2023": 100, "2024": 31.25 },
        available_years: [2023],
        pending_years: [2024],
        accessible_years: [],
        has_file: true,
      });
      expect(
        first.main_tasks.map((task: { year: number; progress: number }) => [task.year, task.progress]),
      ).toEqual([
        [2022, 0],
        [2023, 100],
        [2024, 31.25],
      ]);
      expect(first.main_tasks[2].progress_detail).toMatchObject({ units: 2.5, total: 8, complete: false });
      expect(second).toMatchObject({ users: 0, status: "INITIALIZATION", progress: {}, main_tasks: [] });
      // No body at all reads the same list; agents read it too.
      const noBody = await agent.request("POST", PATH);
      expect(noBody.status).toBe(200);
      expect(noBody.json.organizations).toHaveLength(2);
    });

    test("{id}: the customer with per-year summary, progress and the queries usage", async () => {
      const answer = await siteAdmin.post(PATH, { id: alpha.id });
      expect(answer.status).toBe(200);
      const organization = answer.json.organization;
      expect(organization).toMatchObject({
        id: alpha.id,
        name: "Alpha Ortho",
        status: "INITIALIZATION",
        has_file: true,
        years: [],
        accessible_years: [],
        progress: { "2022": 0, "2023": 100, "2024": 31.25 },
      });
      expect(organization.users).toHaveLength(2);
      expect(organization.facilities.map((row: { npi: string }) => row.npi)).toEqual(["1000000001"]);
      expect(organization.datas["2023"].file).toMatchObject({
        uploaded: true,
        state: "uploaded",
        need_update: false,
      });
      expect(organization.datas["2024"]).toMatchObject({
        progress: 31.25,
        requested: true,
        questionnaire: { state: "waiting" },
        file: { uploaded: false, state: "none", url: "/api/management/customer/file/" },
      });
      expect(organization.datas["2024"].service_area.map((row: { zipcode: string }) => row.zipcode)).toEqual([
        "46201",
        "46202",
      ]);
      expect(organization.queries_usage).toEqual([
        { date: "2026-03-01", querie: "querie1", count: 2 },
        { date: "2026-03-02", querie: "querie2", count: 1 },
      ]);
    });

    test("{full, id, year}: the per-year data with validations, schemes, gates and progress", async () => {
      const answer = await siteAdmin.post(PATH, { full: true, id: alpha.id, year: "2024" });
      expect(answer.status).toBe(200);
      expect(answer.json.organization.id).toBe(alpha.id);
      const data = answer.json.data;
      expect(data.year).toBe(2024);
      expect(data.service_area).toEqual([
        expect.objectContaining({
          zipcode: "46201",
          type: "PSA",
          year: 2024,
          checked: true,
          available: true,
        }),
        expect.objectContaining({
          zipcode: "46202",
          type: "SSA",
          year: 2024,
          checked: false,
          available: false,
        }),
      ]);
      expect(data.facilities).toEqual([
        expect.objectContaining({ npi: "1000000001", name: "Alpha ASC", note: "", state: "not_validated" }),
      ]);
      expect(data.providers).toEqual([
        expect.objectContaining({ npi: "2000000001", full_name: "Dr Bone", note: "check", state: "warning" }),
      ]);
      expect(data.validations.facility).toMatchObject({
        valid: true,
        done: true,
        running_on: null,
        note: null,
      });
      expect(data.validations.global).toMatchObject({ valid: false, done: true, note: globalNote });
      expect(data.service_capabilities).toBe(false); // running: the 'Generation' state
      expect(data.macro_capabilities).toBeNull();
      expect(data.market_profile).toBeNull();
      expect(data.scoring).toBeNull();
      expect(data.questionnaire).toEqual({ state: "waiting" });
      expect(data.file).toMatchObject({ uploaded: false, state: "none" });
      expect(data.progress).toBe(31.25);
      expect(data.progress_detail.items).toEqual({
        facility_validation: 1,
        provider_validation: 1,
        global_validation: 0,
        service_capabilities: 0,
        macro_capabilities: 0,
        market_profile: 0,
        questionnaire: 0.5,
        scoring: 0,
      });
      // The year was requested and has no data yet: nothing may run (the rule says so before the rest).
      expect(data.gates.global_validation).toEqual({
        allowed: false,
        message:
          "There is nothing to validate: the organisation has no practice data and no market data for 2024. Upload it first.",
      });
      expect(data.gates.global_validate_anyway).toEqual({ allowed: true, message: "Validate anyway" });
      expect(data.gates.facility_validation.allowed).toBe(false); // already valid
      expect(data.gates.service_capabilities).toEqual({
        allowed: false,
        message:
          "There is nothing to generate from: the organisation has no practice data and no market data for 2024. Upload it first.",
      });
      expect(data.gates.macro_capabilities.allowed).toBe(false);
      expect(data.gates.scoring.allowed).toBe(false);
      expect(data.gates.questionnaire_allow.allowed).toBe(false);
    });

    test("a complete year answers its stored results; a year without service area says so", async () => {
      const done = (await siteAdmin.post(PATH, { full: true, id: alpha.id, year: 2023 })).json.data;
      expect(done.scoring).toMatchObject({ status: "done", done: true, result: { total: 12.5 } });
      expect(done.service_capabilities).toMatchObject({ status: "done" });
      expect(done.progress).toBe(100);
      expect(done.gates.scoring).toEqual({ allowed: false, message: "The scoring is already generated" });
      expect(done.gates.questionnaire_allow.allowed).toBe(false); // it exists (valid)
      const bare = (await siteAdmin.post(PATH, { full: true, id: alpha.id, year: 2022 })).json.data;
      expect(bare.progress).toBe(0);
      expect(bare.service_area).toEqual([]);
      expect(bare.gates.facility_validation).toEqual({
        allowed: false,
        message:
          "There is nothing to validate: the organisation has no practice data and no market data for 2022. Upload it first.",
      });
      expect(bare.gates.global_validation.message).toBe(bare.gates.facility_validation.message);
    });

    test("{year}: org_year_dict, every organisation's progress for that year", async () => {
      const answer = await agent.post(PATH, { year: 2024 });
      expect(answer.status).toBe(200);
      expect(answer.json.org_year_dict[alpha.id]).toMatchObject({
        name: "Alpha Ortho",
        has_year: true,
        progress: 31.25,
        enabled: false,
        file_state: "none",
      });
      expect(answer.json.org_year_dict[beta.id]).toMatchObject({
        name: "Beta Bones",
        has_year: false,
        progress: 0,
      });
    });

    test("refusals: customers, bad fields, unknown organisation or year, dummy mode", async () => {
      expect((await customer.post(PATH, {})).status).toBe(401);
      expect((await customer.post(PATH, { id: alpha.id })).status).toBe(401);
      const badId = await siteAdmin.post(PATH, { id: "nope" });
      expect(badId.status).toBe(400);
      expect(badId.json.errors).toEqual([{ field: "id", message: "must be an organisation id (UUID)" }]);
      const noYear = await siteAdmin.post(PATH, { full: true, id: alpha.id });
      expect(noYear.json.errors).toEqual([{ field: "year", message: "is required with full" }]);
      const noFull = await siteAdmin.post(PATH, { id: alpha.id, year: 2024 });
      expect(noFull.status).toBe(400);
      expect(noFull.json.errors[0].field).toBe("full");
      const shortYear = await siteAdmin.post(PATH, { year: "24" });
      expect(shortYear.json.errors).toEqual([
        { field: "year", message: "must be exactly 4 digits (e.g. 2024)" },
      ]);
      expect((await siteAdmin.post(PATH, { name: "x" })).json.errors[0]).toEqual({
        field: "name",
        message: "is not a field of this form",
      });
      const unknown = await siteAdmin.post(PATH, { id: crypto.randomUUID() });
      expect(unknown.status).toBe(404);
      expect(unknown.json.detail).toBe("Organisation not found.");
      const noSuchYear = await siteAdmin.post(PATH, { full: true, id: alpha.id, year: 2030 });
      expect(noSuchYear.status).toBe(404);
      expect(noSuchYear.json.detail).toBe("Alpha Ortho has no year 2030.");
      // Staff viewing a customer (dummy mode) are in the customer's read-only view, not the back office.
      expect((await siteAdmin.post(PATH, { id: alpha.id }, { "x-dummy-org": alpha.id })).status).toBe(403);
    });
  });
}
