import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
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
  facilityLocations,
  organisations,
  organisationYears,
  providers,
  validations,
} from "../../db/schema/index.ts";
import { currentInputs } from "../../organisations/yearInputs.ts";
import { loadYearSnapshot } from "../../organisations/yearState.ts";
import { completeNpi } from "../../reference/npi.ts";
import type { Scheme } from "../../schemes/scheme.ts";
import { storeResult } from "../../schemes/store.ts";
import { signInFromOwnAddress } from "../admin/testSupport.ts";

const FACILITY = "/api/management/customer/facility/";
const LOCATION = "/api/management/customer/facility-location/";
const PROVIDER = "/api/management/customer/provider/";

let serial = 100_000_000;
/** A fresh valid NPI per call (check digit computed), so tests never collide on the unique NPI rule. */
const npi = () => completeNpi(String(serial++));

const facilityBody = (values: Record<string, unknown> = {}) => ({
  npi: npi(),
  name: `Clinic ${serial}`,
  physical_address: "1200 Main Dr",
  physical_locale: "Fishers, IN",
  physical_locale_zip: "46037",
  site_of_care_codes_billed: ["11"],
  services_provided: ["Clinic visits"],
  ...values,
});

const locationBody = (facilityId: string, values: Record<string, unknown> = {}) => ({
  facility_id: facilityId,
  name: `Site ${serial++}`,
  physical_address: "9 Side St",
  physical_locale: "Noblesville, IN",
  physical_locale_zip: "46060",
  site_of_care_codes_billed: ["24"],
  services_provided: ["Surgery"],
  ...values,
});

const providerBody = (workAt: string, values: Record<string, unknown> = {}) => ({
  npi: npi(),
  last_name: "Thomas",
  first_name: "Susan",
  city: "Indianapolis, IN",
  zipcode: "46204",
  category: "Physician",
  ptype: "Orthopaedic Surgeon",
  speciality: ["Spine"],
  name_work_at: [workAt],
  ...values,
});

for (const backend of backends) {
  describe(`practice profile calls (${backend})`, () => {
    let t: TestApp;
    let admin: HttpClient;
    let assistant: HttpClient;
    let otherAdmin: HttpClient;
    let siteAdmin: HttpClient;
    let agent: HttpClient;
    let org: { id: string };
    let otherOrg: { id: string };
    let clinic: { id: string; name: string };

    const db = () => t.context.database.db;
    /** What changed since the organisation's 2024 facility validation ran (undefined: current). */
    const facilityOutdated = async (organisationId: string) =>
      (await loadYearSnapshot(db(), organisationId, 2024)).validations.facility?.outdated;
    const countOf = async (table: typeof facilities | typeof providers | typeof facilityLocations) =>
      (await db().select().from(table)).length;
    /** A refused call: its status, the field named, and no row written or changed. */
    const refused = async (
      call: () => Promise<{ status: number; json: { errors?: { field: string; message: string }[] } }>,
      status: number,
      field?: string,
    ) => {
      const before = await Promise.all([
        db().select().from(facilities),
        db().select().from(facilityLocations),
        db().select().from(providers),
      ]);
      const answer = await call();
      expect(answer.status).toBe(status);
      if (field) expect(answer.json.errors?.map((error) => error.field)).toContain(field);
      const after = await Promise.all([
        db().select().from(facilities),
        db().select().from(facilityLocations),
        db().select().from(providers),
      ]);
      expect(after).toEqual(before);
      return answer;
    };

    beforeAll(async () => {
      t = await startTestApp(backend);
      org = await createOrganisation(t, { name: "Own Ortho" });
      otherOrg = await createOrganisation(t, { name: "Other Ortho" });
      admin = await signInFromOwnAddress(t, (await createCustomer(t, org.id, { isStaff: true })).email);
      assistant = await signInFromOwnAddress(t, (await createCustomer(t, org.id, { isStaff: false })).email);
      otherAdmin = await signInFromOwnAddress(
        t,
        (await createCustomer(t, otherOrg.id, { isStaff: true })).email,
      );
      siteAdmin = await signInStaff(t, (await createStaff(t, "site_admin")).username);
      agent = await signInStaff(t, (await createStaff(t, "agent")).username);
      const created = await admin.post(FACILITY, { facility: facilityBody({ name: "Own Clinic" }) });
      expect(created.status).toBe(200);
      clinic = created.json.facility;
    }, 300_000);
    afterAll(() => t.close());

    describe("facilities", () => {
      test("an entity that is not an object is named once: facility, a group of fields", async () => {
        const answer = await admin.post(FACILITY, { facility: "not an object" });
        expect(answer.status).toBe(400);
        expect(answer.json.errors).toEqual([
          { field: "facility", message: "must be a group of fields (a JSON object)" },
        ]);
        expect(answer.json.detail).toBe("facility: must be a group of fields (a JSON object)");
      });

      test("a customer admin adds one: the answer is the facility, blank dates are null, the map point is its zip's", async () => {
        const body = facilityBody({
          physical_locale: "fishers, in",
          services_provided: ["Clinic visits", "Other Diagnostics"],
          services_provided_textbox: " EMG ,, bone density ",
          closed_on: "",
          billing_address: "PO Box 1",
          billing_locale: "Indianapolis, IN",
          billing_locale_zip: "46204",
        });
        const answer = await admin.post(FACILITY, { facility: body });
        expect(answer.status).toBe(200);
        expect(answer.json.facility).toMatchObject({
          npi: body.npi,
          name: body.name,
          physical_locale: "Fishers, IN",
          physical_full_address: "1200 Main Dr, Fishers, IN, 46037",
          billing_full_address: "PO Box 1, Indianapolis, IN, 46204",
          services_provided_textbox: "EMG, bone density",
          opened_on: null,
          closed_on: null,
          locations: [],
        });
        const [row] = await db().select().from(facilities).where(eq(facilities.id, answer.json.facility.id));
        expect(row?.organisationId).toBe(org.id);
        expect(row?.lat).toBeCloseTo(39.96, 1);
      });

      test("without 'Other Diagnostics' the comma-separated list is cleared", async () => {
        const answer = await admin.post(FACILITY, {
          facility: facilityBody({ services_provided: ["Surgery"], services_provided_textbox: "EMG" }),
        });
        expect(answer.status).toBe(200);
        expect(answer.json.facility.services_provided_textbox).toBe("");
      });

      const refusals: Array<[string, Record<string, unknown>, string, string | RegExp]> = [
        [
          "NPI missing",
          { npi: "" },
          "npi",
          "Please fill out this field or verify it is an NPI of 10 digits.",
        ],
        [
          "NPI of 9 digits",
          { npi: "123456789" },
          "npi",
          "Please fill out this field or verify it is an NPI of 10 digits.",
        ],
        ["NPI with a wrong check digit", { npi: "1234567890" }, "npi", /check digit/],
        ["name missing", { name: "  " }, "name", "Please fill out this field"],
        ["address missing", { physical_address: "" }, "physical_address", "Please fill out this field"],
        ["city missing", { physical_locale: "" }, "physical_locale", "Please fill out this field"],
        [
          "city not in the reference",
          { physical_locale: "Atlantis, IN" },
          "physical_locale",
          /zip reference/,
        ],
        [
          "zip missing",
          { physical_locale_zip: "" },
          "physical_locale_zip",
          /verify it is a zip code of 5 digits/,
        ],
        [
          "zip of another city",
          { physical_locale_zip: "46204" },
          "physical_locale_zip",
          "46204 is not a zip code of Fishers, IN",
        ],
        [
          "no site of care code",
          { site_of_care_codes_billed: [] },
          "site_of_care_codes_billed",
          "Please fill out this field",
        ],
        [
          "an unknown site of care code",
          { site_of_care_codes_billed: ["11", "99"] },
          "site_of_care_codes_billed.1",
          /^99: not a choice \(choose among 11, 19, 21, 22, 23, 24\)$/,
        ],
        ["no service", { services_provided: [] }, "services_provided", "Please fill out this field"],
        ["a malformed date", { opened_on: "2020-13-01" }, "opened_on", /YYYY-MM-DD/],
        [
          "closed before it opened",
          { opened_on: "2020-05-01", closed_on: "2020-04-30" },
          "closed_on",
          /on or after the opening date/,
        ],
        [
          "closed before 2000 with a blank opening",
          { closed_on: "1999-12-31" },
          "closed_on",
          /open since 2000/,
        ],
        [
          "billing zip without its city",
          { billing_locale_zip: "46204" },
          "billing_locale",
          /depends on the city/,
        ],
        ["an unknown field", { colour: "red" }, "colour", "is not a field of this form"],
      ];
      for (const [rule, values, name, message] of refusals) {
        // Named by its path in the body, as every other call names its fields.
        const field = `facility.${name}`;
        test(`refused: ${rule} (${field})`, async () => {
          const answer = await refused(
            () => admin.post(FACILITY, { facility: facilityBody(values) }),
            400,
            field,
          );
          const error = answer.json.errors?.find((entry: { field: string }) => entry.field === field) as
            | { message: string }
            | undefined;
          if (typeof message === "string") expect(error?.message).toBe(message);
          else expect(error?.message).toMatch(message);
        });
      }

      test("accepted at the edges: closed on the day it opened; a 5-digit zip of the city", async () => {
        const answer = await admin.post(FACILITY, {
          facility: facilityBody({
            opened_on: "2021-03-04",
            closed_on: "2021-03-04",
            physical_locale_zip: "46038",
          }),
        });
        expect(answer.status).toBe(200);
        expect(answer.json.facility).toMatchObject({ opened_on: "2021-03-04", closed_on: "2021-03-04" });
      });

      test("an NPI already used by a facility of the organisation is refused on npi; another organisation may use it", async () => {
        const answer = await refused(
          () => admin.post(FACILITY, { facility: facilityBody({ npi: clinicNpi() }) }),
          400,
          "facility.npi",
        );
        expect(answer.json.errors?.[0]?.message).toMatch(
          /already the NPI of another facility \(Own Clinic\)/,
        );
        const elsewhere = await otherAdmin.post(FACILITY, { facility: facilityBody({ npi: clinicNpi() }) });
        expect(elsewhere.status).toBe(200);
      });
      const clinicNpi = () => (clinic as unknown as { npi: string }).npi;

      test("PATCH changes some fields, keeps the others, and a renamed facility is renamed in providers' work places", async () => {
        const made = await admin.post(FACILITY, { facility: facilityBody({ name: "Old Name" }) });
        const provider = await admin.post(PROVIDER, { provider: providerBody("Old Name") });
        expect(provider.status).toBe(200);
        const answer = await admin.patch(FACILITY, {
          facility: { id: made.json.facility.id, name: "New Name", opened_on: "2010-01-01" },
        });
        expect(answer.status).toBe(200);
        expect(answer.json.facility).toMatchObject({
          name: "New Name",
          opened_on: "2010-01-01",
          physical_locale_zip: "46037",
        });
        const [row] = await db().select().from(providers).where(eq(providers.id, provider.json.provider.id));
        expect(row?.nameWorkAt).toEqual(["New Name"]);
      });

      test("PATCH is checked as a whole: a city change without its zip is refused on the zip", async () => {
        await refused(
          () => admin.patch(FACILITY, { facility: { id: clinic.id, physical_locale: "Indianapolis, IN" } }),
          400,
          "facility.physical_locale_zip",
        );
      });

      test("PATCH without an id is refused on id", async () => {
        await refused(() => admin.patch(FACILITY, { facility: { name: "X" } }), 400, "facility.id");
      });

      test("DELETE answers the remaining facilities and removes it from providers' work places", async () => {
        const made = await admin.post(FACILITY, { facility: facilityBody({ name: "Closing Soon" }) });
        const provider = await admin.post(PROVIDER, {
          provider: providerBody("Closing Soon", { name_work_at: ["Closing Soon", "Own Clinic"] }),
        });
        const answer = await admin.delete(FACILITY, { facility: { id: made.json.facility.id } });
        expect(answer.status).toBe(200);
        const names = answer.json.facilities.map((facility: { name: string }) => facility.name);
        expect(names).toContain("Own Clinic");
        expect(names).not.toContain("Closing Soon");
        const [row] = await db().select().from(providers).where(eq(providers.id, provider.json.provider.id));
        expect(row?.nameWorkAt).toEqual(["Own Clinic"]);
      });
    });

    describe("who may write", () => {
      test("assistants, agents, dummy mode and nobody signed in are refused, and nothing is written", async () => {
        const anonymous = await t.client().prime();
        for (const path of [FACILITY, PROVIDER, LOCATION]) {
          const key = path === FACILITY ? "facility" : path === PROVIDER ? "provider" : "location";
          const body =
            key === "facility"
              ? facilityBody()
              : key === "provider"
                ? providerBody("Own Clinic")
                : locationBody(clinic.id);
          await refused(() => assistant.post(path, { [key]: body }), 403);
          await refused(() => agent.post(path, { [key]: { ...body, organization_id: org.id } }), 403);
          await refused(
            () =>
              siteAdmin.post(
                path,
                { [key]: { ...body, organization_id: org.id } },
                { "x-dummy-org": org.id },
              ),
            403,
          );
          await refused(() => anonymous.post(path, { [key]: body }), 401);
          await refused(() => assistant.patch(path, { [key]: { id: clinic.id, name: "Hacked" } }), 403);
          await refused(() => assistant.delete(path, { [key]: { id: clinic.id } }), 403);
        }
      });

      test("staff site admins act for an organisation named by organization_id (required for them)", async () => {
        await refused(
          () => siteAdmin.post(FACILITY, { facility: facilityBody() }),
          400,
          "facility.organization_id",
        );
        const answer = await siteAdmin.post(FACILITY, {
          facility: { ...facilityBody(), organization_id: org.id },
        });
        expect(answer.status).toBe(200);
        const [row] = await db().select().from(facilities).where(eq(facilities.id, answer.json.facility.id));
        expect(row?.organisationId).toBe(org.id);
        const patched = await siteAdmin.patch(FACILITY, {
          facility: { id: row!.id, name: "Renamed by staff" },
        });
        expect(patched.json.facility.name).toBe("Renamed by staff");
      });

      test("another organisation's ids are not found for a customer (404) and its rows stay as they were", async () => {
        const theirs = await otherAdmin.post(FACILITY, { facility: facilityBody({ name: "Their Clinic" }) });
        const theirLocation = await otherAdmin.post(LOCATION, {
          location: locationBody(theirs.json.facility.id),
        });
        const theirProvider = await otherAdmin.post(PROVIDER, { provider: providerBody("Their Clinic") });
        expect([theirs.status, theirLocation.status, theirProvider.status]).toEqual([200, 200, 200]);
        const facilityId = theirs.json.facility.id;
        const locationId = theirLocation.json.locations[0].id;
        const providerId = theirProvider.json.provider.id;
        await refused(() => admin.patch(FACILITY, { facility: { id: facilityId, name: "Mine" } }), 404);
        await refused(() => admin.delete(FACILITY, { facility: { id: facilityId } }), 404);
        await refused(() => admin.post(LOCATION, { location: locationBody(facilityId) }), 404);
        await refused(() => admin.patch(LOCATION, { location: { id: locationId, name: "Mine" } }), 404);
        await refused(() => admin.delete(LOCATION, { location: { id: locationId } }), 404);
        await refused(() => admin.patch(PROVIDER, { provider: { id: providerId, last_name: "Mine" } }), 404);
        await refused(() => admin.delete(PROVIDER, { provider: { id: providerId } }), 404);
        await refused(
          () => admin.post(FACILITY, { facility: { ...facilityBody(), organization_id: otherOrg.id } }),
          403,
        );
      });
    });

    describe("locations", () => {
      test("POST, PATCH and DELETE answer all the locations of the facility", async () => {
        const first = await admin.post(LOCATION, { location: locationBody(clinic.id, { name: "North" }) });
        expect(first.status).toBe(200);
        expect(first.json.locations).toEqual([
          expect.objectContaining({
            facility_id: clinic.id,
            name: "North",
            physical_full_address: "9 Side St, Noblesville, IN, 46060",
            opened_on: null,
            closed_on: null,
          }),
        ]);
        const second = await admin.post(LOCATION, { location: locationBody(clinic.id, { name: "South" }) });
        expect(second.json.locations.map((location: { name: string }) => location.name)).toEqual([
          "North",
          "South",
        ]);
        const north = first.json.locations[0].id;
        const patched = await admin.patch(LOCATION, { location: { id: north, name: "North Campus" } });
        expect(patched.json.locations.map((location: { name: string }) => location.name)).toEqual([
          "North Campus",
          "South",
        ]);
        const removed = await admin.delete(LOCATION, { location: { id: north } });
        expect(removed.json.locations.map((location: { name: string }) => location.name)).toEqual(["South"]);
      });

      const required = [
        "name",
        "physical_address",
        "physical_locale",
        "physical_locale_zip",
        "site_of_care_codes_billed",
        "services_provided",
      ];
      for (const field of required) {
        test(`refused: ${field} is required`, async () => {
          const blank = field.endsWith("billed") || field === "services_provided" ? [] : "";
          await refused(
            () => admin.post(LOCATION, { location: locationBody(clinic.id, { [field]: blank }) }),
            400,
            `location.${field}`,
          );
        });
      }

      test("refused: no facility_id; a location name used twice; NPI is not a location field", async () => {
        const { facility_id: _, ...withoutFacility } = locationBody(clinic.id);
        await refused(() => admin.post(LOCATION, { location: withoutFacility }), 400, "location.facility_id");
        await admin.post(LOCATION, { location: locationBody(clinic.id, { name: "Unique Site" }) });
        await refused(
          () => admin.post(LOCATION, { location: locationBody(clinic.id, { name: "Unique Site" }) }),
          400,
          "location.name",
        );
        await refused(
          () => admin.post(LOCATION, { location: locationBody(clinic.id, { npi: npi() }) }),
          400,
          "location.npi",
        );
      });
    });

    describe("providers", () => {
      test("a provider is added with full_name built from the name parts; Yes/No answers as given", async () => {
        const body = providerBody("Own Clinic", {
          middle_name: "E.",
          suffix: "MD",
          age: "54",
          phone: "3175550100",
          date_joined: "2012-06-01",
          shareholder: "Yes",
          speciality: ["Spine", "Other"],
          speciality_textbox: "scoliosis, deformity",
          abos_fellowship_trained: "Yes",
          city: "indianapolis, in",
        });
        const answer = await admin.post(PROVIDER, { provider: body });
        expect(answer.status).toBe(200);
        expect(answer.json.provider).toMatchObject({
          full_name: "Susan E. Thomas MD",
          age: "54",
          city: "Indianapolis, IN",
          shareholder: "Yes",
          employed_by_practice: "No",
          speciality: ["Spine", "Other"],
          speciality_textbox: "scoliosis, deformity",
          date_joined: "2012-06-01",
          date_retire: null,
          name_work_at: ["Own Clinic"],
        });
      });

      const refusals: Array<[string, Record<string, unknown>, string, string | RegExp]> = [
        [
          "NPI missing",
          { npi: "" },
          "npi",
          "Please fill out this field or verify it is an NPI of 10 digits.",
        ],
        ["NPI check digit", { npi: "1234567890" }, "npi", /check digit/],
        [
          "last name missing",
          { last_name: "" },
          "last_name",
          "Please fill out this field or verify it is letters only (spaces, hyphens, apostrophes and dots allowed).",
        ],
        [
          "first name with digits",
          { first_name: "Su3an" },
          "first_name",
          "Please fill out this field or verify it is letters only (spaces, hyphens, apostrophes and dots allowed).",
        ],
        ["city missing", { city: "" }, "city", "Please fill out this field"],
        [
          "zip of another city",
          { zipcode: "46037" },
          "zipcode",
          "46037 is not a zip code of Indianapolis, IN",
        ],
        [
          "phone with letters",
          { phone: "317-CALL" },
          "phone",
          "Please fill out this field or verify it is digits only.",
        ],
        [
          "age not a number",
          { age: "fifty" },
          "age",
          "Please fill out this field or verify it is digits only.",
        ],
        ["category missing", { category: "" }, "category", "Please fill out this field"],
        ["unknown category", { category: "Wizard" }, "category", /must be one of/],
        [
          "type of another category",
          { ptype: "Physical Therapist" },
          "ptype",
          /must be one of the Physician types/,
        ],
        ["type missing", { ptype: "" }, "ptype", "Please fill out this field"],
        [
          "speciality of another category",
          { speciality: ["Hand Therapy"] },
          "speciality",
          /not a Physician speciality/,
        ],
        ["no speciality", { speciality: [] }, "speciality", "Please fill out this field"],
        [
          "shareholder neither No nor Yes",
          { shareholder: "Maybe" },
          "shareholder",
          /must be one of: No, Yes/,
        ],
        [
          "retired before joining",
          { date_joined: "2015-01-01", date_retire: "2014-12-31" },
          "date_retire",
          /on or after the date joined/,
        ],
        [
          "retired before 2000 with a blank join date",
          { date_retire: "1999-01-01" },
          "date_retire",
          /2000 or earlier/,
        ],
        ["works nowhere", { name_work_at: [] }, "name_work_at", "Please fill out this field"],
        [
          "works at an unknown place",
          { name_work_at: ["Mars Base"] },
          "name_work_at",
          /Mars Base: not a facility or location/,
        ],
      ];
      for (const [rule, values, name, message] of refusals) {
        const field = `provider.${name}`;
        test(`refused: ${rule} (${field})`, async () => {
          const answer = await refused(
            () => admin.post(PROVIDER, { provider: providerBody("Own Clinic", values) }),
            400,
            field,
          );
          const error = answer.json.errors?.find((entry: { field: string }) => entry.field === field) as
            | { message: string }
            | undefined;
          if (typeof message === "string") expect(error?.message).toBe(message);
          else expect(error?.message).toMatch(message);
        });
      }

      test("a location's name is a work place; without 'Other' the speciality list is cleared", async () => {
        await admin.post(LOCATION, { location: locationBody(clinic.id, { name: "Annex" }) });
        const answer = await admin.post(PROVIDER, {
          provider: providerBody("Annex", {
            category: "Therapist",
            ptype: "Physical Therapist",
            speciality: ["Hand Therapy"],
            speciality_textbox: "ignored",
          }),
        });
        expect(answer.status).toBe(200);
        expect(answer.json.provider).toMatchObject({ name_work_at: ["Annex"], speciality_textbox: "" });
      });

      test("a category change must come with its own type and specialities (the form clears them)", async () => {
        const made = await admin.post(PROVIDER, { provider: providerBody("Own Clinic") });
        const id = made.json.provider.id;
        await refused(
          () => admin.patch(PROVIDER, { provider: { id, category: "Therapist" } }),
          400,
          "provider.ptype",
        );
        const answer = await admin.patch(PROVIDER, {
          provider: {
            id,
            category: "Therapist",
            ptype: "Occupational Therapist",
            speciality: ["Hand Therapy"],
          },
        });
        expect(answer.status).toBe(200);
        expect(answer.json.provider).toMatchObject({
          category: "Therapist",
          ptype: "Occupational Therapist",
        });
      });

      test("a duplicate NPI in the organisation is refused on npi; DELETE answers the remaining providers", async () => {
        const made = await admin.post(PROVIDER, {
          provider: providerBody("Own Clinic", { last_name: "Twin" }),
        });
        const again = await refused(
          () =>
            admin.post(PROVIDER, { provider: providerBody("Own Clinic", { npi: made.json.provider.npi }) }),
          400,
          "provider.npi",
        );
        expect(again.json.errors?.[0]?.message).toMatch(/another provider \(Susan Twin\)/);
        const removed = await admin.delete(PROVIDER, { provider: { id: made.json.provider.id } });
        expect(removed.status).toBe(200);
        expect(removed.json.providers.map((provider: { id: string }) => provider.id)).not.toContain(
          made.json.provider.id,
        );
      });
    });

    describe("out of date", () => {
      test("a change makes the organisation's validations out of date and sets profile_changed_at; the customer detail shows it", async () => {
        for (const organisationId of [org.id, otherOrg.id]) {
          await db().insert(organisationYears).values({ organisationId, year: 2024 }).onConflictDoNothing();
          await db()
            .insert(validations)
            .values({
              organisationId,
              year: 2024,
              type: "facility",
              done: true,
              valid: true,
              result: { valid: true },
              inputs: await currentInputs(db(), organisationId, 2024),
            });
        }
        t.clock.advance(60);
        const answer = await admin.patch(FACILITY, {
          facility: { id: clinic.id, physical_address: "1201 Main Dr" },
        });
        expect(answer.status).toBe(200);
        // Derived from the input versions: the profile revision went up for this organisation only.
        expect(await facilityOutdated(org.id)).toBe("the practice profile changed since");
        expect(await facilityOutdated(otherOrg.id)).toBeUndefined();
        const [organisation] = await db().select().from(organisations).where(eq(organisations.id, org.id));
        expect(organisation?.profileChangedAt?.toISOString()).toBe(t.clock.now().toISOString());
        const detail = await admin.get("/api/management/customer/detail/");
        expect(detail.json.organization.profile_changed_at).toBe(t.clock.now().toISOString());
        const listed = detail.json.organization.facilities.find(
          (facility: { id: string }) => facility.id === clinic.id,
        );
        expect(listed).toMatchObject({ physical_address: "1201 Main Dr", physical_locale_zip: "46037" });
      });
    });

    test("a validation run ends up to date, unless the profile changed while it ran", async () => {
      const scheme = { id: "validation_facility", version: 1 } as unknown as Scheme;
      await storeResult(db(), org.id, 2024, scheme, { valid: true }, await currentInputs(db(), org.id, 2024));
      expect(await facilityOutdated(org.id)).toBeUndefined();
      // The run noted the versions, then a provider changed before it stored its result.
      const noted = await currentInputs(db(), org.id, 2024);
      t.clock.advance(60);
      expect((await admin.post(PROVIDER, { provider: providerBody("Own Clinic") })).status).toBe(200);
      expect(await facilityOutdated(org.id)).toBe("the practice profile changed since");
      await storeResult(db(), org.id, 2024, scheme, { valid: true }, noted);
      expect(await facilityOutdated(org.id)).toBe("the practice profile changed since");
    });

    test("nothing else was written by the refusals above: every facility row belongs to a known organisation", async () => {
      const rows = await db().select().from(facilities);
      expect(rows.every((row) => row.organisationId === org.id || row.organisationId === otherOrg.id)).toBe(
        true,
      );
      expect(await countOf(facilities)).toBeGreaterThan(0);
    });
  });
}
