/**
 * Every PATCH of the API changes what it is sent and keeps what it is not sent (issue 19: a PATCH of
 * an organisation's name and phone_2 blanked its address, city, zip and phone_1). One test per PATCH
 * route; a PATCH route without an entry in COVERED fails the suite, as tenancy.test.ts does for
 * every route.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { faqs, organisationYears, serviceAreas, validations } from "../../server/db/schema/index.ts";
import { marketCase } from "../../server/engine/testing/golden.ts";
import { writeWarehouse } from "../../server/engine/testing/queriesApp.ts";
import { currentInputs } from "../../server/organisations/yearInputs.ts";
import { completeNpi } from "../../server/reference/npi.ts";
import { signInFromOwnAddress } from "../../server/routes/admin/testSupport.ts";
import { backends } from "../helpers/backends.ts";
import { createCustomer, createOrganisation, createStaff, signInStaff } from "../helpers/factories.ts";
import type { HttpClient } from "../helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../helpers/testApp.ts";
import { registeredRoutes } from "./routeWalk.ts";

const ORGANISATION = "/api/management/customer/organization/";
const USERS = "/api/management/customer/detail/";
const FACILITY = "/api/management/customer/facility/";
const LOCATION = "/api/management/customer/facility-location/";
const PROVIDER = "/api/management/customer/provider/";
const FAQ = "/api/management/helpcenter/";
const VALID = "/api/management/admin/valid/";
const VALIDATION = "/api/management/admin/validation/";
const SERVICE_AREA = "/api/management/admin/customer/service_area/";
const QUESTIONNAIRE = "/api/management/schemes/questionnaire/";

/** Each PATCH route and the test that shows it keeps what it is not sent. */
const COVERED: Record<string, string> = {
  [ORGANISATION]: "organisation: a name and phone_2 change keeps the address, city, zip, phones and fax",
  [USERS]: "user: a new name keeps the role and the block; a block keeps the name",
  [FACILITY]: "facility: a new name keeps every other field",
  [LOCATION]: "location: a new name keeps every other field",
  [PROVIDER]: "provider: a new phone keeps every other field",
  [FAQ]: "FAQ: a flag change keeps the question and answer; a text change keeps the flags",
  [VALID]: "year request: asking again keeps the year's other marks",
  [VALIDATION]: "validate anyway: the validation's result and notes are kept",
  [SERVICE_AREA]: "service-area check of listed zips: the zips not listed keep their check",
  // Covered by server/routes/schemes/questionnaire.test.ts ("the whole life": a validate without
  // answers keeps the corrected answers); an update sends the whole answer set (its schema requires it).
  [QUESTIONNAIRE]: "questionnaire.test.ts",
  // Covered by tests/api/reportSubscriptions.test.ts ("the owner resumes one": a resume keeps every
  // other field of the subscription).
  "/api/management/customer/report-subscription/:id/": "reportSubscriptions.test.ts",
};

let serial = 500_000_000;
const npi = () => completeNpi(String(serial++));

for (const backend of backends) {
  describe(`a PATCH keeps what it is not sent (${backend})`, () => {
    let t: TestApp;
    let siteAdmin: HttpClient;
    let admin: HttpClient;
    let org: { id: string };
    const db = () => t.context.database.db;

    beforeAll(async () => {
      t = await startTestApp(backend);
      siteAdmin = await signInStaff(t, (await createStaff(t, "site_admin")).username);
      org = await createOrganisation(t, { name: "Keepers Ortho" });
      admin = await signInFromOwnAddress(t, (await createCustomer(t, org.id, { isStaff: true })).email);
    });
    afterAll(() => t.close());

    test("every PATCH route of the API has its test here", () => {
      const patches = registeredRoutes(t)
        .filter((route) => route.method === "PATCH")
        .map((route) => `${route.path}/`);
      expect(patches.length).toBeGreaterThan(0);
      expect(patches.filter((path) => !(path in COVERED))).toEqual([]);
    });

    test(COVERED[ORGANISATION]!, async () => {
      const created = await siteAdmin.post(ORGANISATION, {
        organization: {
          name: "Full Ortho",
          address: "1200 Main Dr",
          locale: "Fishers, IN",
          locale_zip: "46037",
          phone_1: "3175550100",
          phone_2: "3175550101",
          fax: "3175550102",
        },
      });
      expect(created.status).toBe(200);
      const id = created.json.organization.id;
      const changed = await siteAdmin.patch(ORGANISATION, {
        organization: { id, name: "Full Ortho North", phone_2: "3175550199" },
      });
      expect(changed.status).toBe(200);
      expect(changed.json.organization).toMatchObject({
        name: "Full Ortho North",
        address: "1200 Main Dr",
        locale: "Fishers, IN",
        locale_zip: "46037",
        full_address: "1200 Main Dr, Fishers, IN, 46037",
        phone_1: "3175550100",
        phone_2: "3175550199",
        fax: "3175550102",
      });
      // Only the id: nothing changes.
      const nothing = await siteAdmin.patch(ORGANISATION, { organization: { id } });
      expect(nothing.status).toBe(200);
      expect(nothing.json.organization.full_address).toBe("1200 Main Dr, Fishers, IN, 46037");
    });

    test(COVERED[USERS]!, async () => {
      const user = await createCustomer(t, org.id, { isStaff: false });
      const blocked = await admin.patch(USERS, { user_data: { id: user.id, blocked: true } });
      expect(blocked.status).toBe(200);
      const renamed = await admin.patch(USERS, { user_data: { id: user.id, username: "Renamed Person" } });
      expect(renamed.json.user).toMatchObject({
        username: "Renamed Person",
        status: "assistant",
        blocked: true,
        email: user.email,
      });
    });

    test(COVERED[FACILITY]!, async () => {
      const body = {
        npi: npi(),
        name: "Keep Clinic",
        physical_address: "1200 Main Dr",
        physical_locale: "Fishers, IN",
        physical_locale_zip: "46037",
        billing_address: "PO Box 9",
        billing_locale: "Noblesville, IN",
        billing_locale_zip: "46060",
        site_of_care_codes_billed: ["11"],
        services_provided: ["Clinic visits"],
        opened_on: "2010-05-01",
      };
      const created = await admin.post(FACILITY, { facility: body });
      expect(created.status).toBe(200);
      const changed = await admin.patch(FACILITY, {
        facility: { id: created.json.facility.id, name: "Kept Clinic" },
      });
      expect(changed.status).toBe(200);
      expect(changed.json.facility).toMatchObject({ ...body, name: "Kept Clinic" });
    });

    test(COVERED[LOCATION]!, async () => {
      const facility = await admin.post(FACILITY, {
        facility: {
          npi: npi(),
          name: "Parent Clinic",
          physical_address: "1 Side St",
          physical_locale: "Fishers, IN",
          physical_locale_zip: "46037",
          site_of_care_codes_billed: ["11"],
          services_provided: ["Clinic visits"],
        },
      });
      const body = {
        name: "Keep Site",
        physical_address: "9 Side St",
        physical_locale: "Noblesville, IN",
        physical_locale_zip: "46060",
        site_of_care_codes_billed: ["24"],
        services_provided: ["Surgery"],
        closed_on: "2030-01-01",
      };
      const created = await admin.post(LOCATION, {
        location: { facility_id: facility.json.facility.id, ...body },
      });
      expect(created.status).toBe(200);
      const id = created.json.locations.find((row: { name: string }) => row.name === "Keep Site").id;
      const changed = await admin.patch(LOCATION, { location: { id, name: "Kept Site" } });
      expect(changed.status).toBe(200);
      const kept = changed.json.locations.find((row: { id: string }) => row.id === id);
      expect(kept).toMatchObject({ ...body, name: "Kept Site" });
    });

    test(COVERED[PROVIDER]!, async () => {
      const facility = await admin.post(FACILITY, {
        facility: {
          npi: npi(),
          name: "Work Clinic",
          physical_address: "2 Side St",
          physical_locale: "Fishers, IN",
          physical_locale_zip: "46037",
          site_of_care_codes_billed: ["11"],
          services_provided: ["Clinic visits"],
        },
      });
      expect(facility.status).toBe(200);
      const body = {
        npi: npi(),
        last_name: "Thomas",
        first_name: "Susan",
        city: "Indianapolis, IN",
        zipcode: "46204",
        fax: "3175550000",
        category: "Physician",
        ptype: "Orthopaedic Surgeon",
        speciality: ["Spine"],
        name_work_at: ["Work Clinic"],
      };
      const created = await admin.post(PROVIDER, { provider: body });
      expect(created.status).toBe(200);
      const changed = await admin.patch(PROVIDER, {
        provider: { id: created.json.provider.id, phone: "3175551234" },
      });
      expect(changed.status).toBe(200);
      expect(changed.json.provider).toMatchObject({ ...body, phone: "3175551234" });
    });

    test(COVERED[FAQ]!, async () => {
      const [faq] = await db()
        .insert(faqs)
        .values({ question: "Where?", answer: "Here.", promote: true, active: true, position: 1 })
        .returning();
      const flag = await siteAdmin.patch(FAQ, { id: faq!.id, data: { promote: false } });
      expect(flag.status).toBe(200);
      const text = await siteAdmin.patch(FAQ, { id: faq!.id, data: { answer: "Over there." } });
      expect(text.status).toBe(200);
      expect(text.json.faqs.find((row: { id: number }) => row.id === faq!.id)).toEqual({
        id: faq!.id,
        question: "Where?",
        answer: "Over there.",
        promote: false,
        active: true,
      });
    });

    test(COVERED[VALID]!, async () => {
      await db().insert(organisationYears).values({ organisationId: org.id, year: 2022, prelaunched: true });
      const asked = await siteAdmin.patch(VALID, { organization_uuid: org.id, year: 2022 });
      expect(asked.status).toBe(200);
      const [row] = await db()
        .select()
        .from(organisationYears)
        .where(and(eq(organisationYears.organisationId, org.id), eq(organisationYears.year, 2022)));
      expect(row).toMatchObject({ requested: true, prelaunched: true, fileState: "none" });
    });

    test(COVERED[VALIDATION]!, async () => {
      await db().insert(organisationYears).values({ organisationId: org.id, year: 2021 });
      const result = {
        valid: false,
        rows: [{ id: "x", npi: "1", name: "A", state: "error", note: "Not found" }],
      };
      await db()
        .insert(validations)
        .values({
          organisationId: org.id,
          year: 2021,
          type: "facility",
          done: true,
          valid: false,
          result,
          // As a run stores it: stamped with the year's input versions, so current.
          inputs: await currentInputs(db(), org.id, 2021),
        });
      const anyway = await siteAdmin.patch(VALIDATION, {
        organization_uuid: org.id,
        year: 2021,
        type: "facility",
      });
      expect(anyway.status).toBe(200);
      expect(anyway.json.data).toMatchObject({ valid: true, done: true, note: result });
    });

    test(COVERED[SERVICE_AREA]!, async () => {
      await db().insert(organisationYears).values({ organisationId: org.id, year: 2020 });
      await writeWarehouse(t.dataDir, {
        year: 2020,
        market: [marketCase({ year: 2020, patient_zip: "46060" })],
      });
      await db()
        .insert(serviceAreas)
        .values([
          {
            organisationId: org.id,
            year: 2020,
            zipcode: "46037",
            type: "PSA",
            checked: true,
            available: true,
          },
          { organisationId: org.id, year: 2020, zipcode: "46060", type: "SSA" },
        ]);
      const checked = await siteAdmin.patch(SERVICE_AREA, {
        organization_uuid: org.id,
        year: 2020,
        service_area: [{ zipcode: "46060", type: "SSA", year: 2020 }],
      });
      expect(checked.status).toBe(200);
      const rows = await db()
        .select()
        .from(serviceAreas)
        .where(and(eq(serviceAreas.organisationId, org.id), eq(serviceAreas.year, 2020)));
      expect(rows.find((row) => row.zipcode === "46037")).toMatchObject({ checked: true, available: true });
      expect(rows.find((row) => row.zipcode === "46060")).toMatchObject({ checked: true, available: true });
    });
  });
}
