/**
 * The practice profile's bodies (facility, facility-location, provider) as the OpenAPI document
 * describes them against what the server does: the document's `required` list of each entity is
 * exactly the set of fields the server refuses when they are left out, and sending those fields
 * alone is enough. Every refusal names the field by its path in the body (`facility.npi`), as the
 * other calls do.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { completeNpi } from "../../server/reference/npi.ts";
import { backends } from "../helpers/backends.ts";
import { createCustomer, createOrganisation, signInCustomer } from "../helpers/factories.ts";
import type { HttpClient } from "../helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../helpers/testApp.ts";
import type { JsonSchema } from "./routeWalk.ts";

const FACILITY = "/api/management/customer/facility";
const LOCATION = "/api/management/customer/facility-location";
const PROVIDER = "/api/management/customer/provider";

let serial = 200_000_000;
const npi = () => completeNpi(String(serial++));

const site = {
  physical_address: "1200 Main Dr",
  physical_locale: "Fishers, IN",
  physical_locale_zip: "46037",
  site_of_care_codes_billed: ["11"],
  services_provided: ["Clinic visits"],
};

/** A value for each field the form requires (the keys are checked against the document). */
const requiredValues: Record<string, (facilityId: string) => Record<string, unknown>> = {
  facility: () => ({ npi: npi(), name: `Clinic ${serial}`, ...site }),
  location: (facilityId) => ({ facility_id: facilityId, name: `Site ${serial++}`, ...site }),
  provider: () => ({
    npi: npi(),
    last_name: "Thomas",
    first_name: "Susan",
    city: "Indianapolis, IN",
    zipcode: "46204",
    category: "Physician",
    ptype: "Orthopaedic Surgeon",
    speciality: ["Spine"],
    name_work_at: ["Main Clinic"],
  }),
};

const calls = [
  { path: FACILITY, entity: "facility" },
  { path: LOCATION, entity: "location" },
  { path: PROVIDER, entity: "provider" },
];

for (const backend of backends) {
  describe(`practice profile bodies: the document says what the server requires (${backend})`, () => {
    let t: TestApp;
    let admin: HttpClient;
    let document: JsonSchema;
    let facilityId: string;
    const entitySchema = (path: string, method: string, entity: string) =>
      document.paths[path][method].requestBody.content["application/json"].schema.properties[entity];

    beforeAll(async () => {
      t = await startTestApp(backend);
      const organisation = await createOrganisation(t, {
        name: "Bodies",
        initialized: true,
        agreementAccepted: true,
      });
      const user = await createCustomer(t, organisation.id, { isStaff: true });
      admin = await signInCustomer(t, user.email);
      document = (await t.client().get("/api/openapi.json")).json;
      const made = await admin.post(`${FACILITY}/`, {
        facility: { ...requiredValues.facility!(""), name: "Main Clinic" },
      });
      expect(made.status).toBe(200);
      facilityId = made.json.facility.id;
    }, 120_000);
    afterAll(() => t.close());

    for (const { path, entity } of calls) {
      test(`POST ${path}: the required list is what the server refuses when left out`, async () => {
        const required = [...(entitySchema(path, "post", entity).required ?? [])].sort();
        expect(required.length).toBeGreaterThanOrEqual(6);
        const answer = await admin.post(`${path}/`, { [entity]: {} });
        expect(answer.status).toBe(400);
        const refused = answer.json.errors.map((error: { field: string }) => error.field).sort();
        expect(refused).toEqual(required.map((field: string) => `${entity}.${field}`));
      });

      test(`POST ${path}: the required fields alone are enough`, async () => {
        const values = requiredValues[entity]!(facilityId);
        const required = entitySchema(path, "post", entity).required ?? [];
        expect(Object.keys(values).sort()).toEqual([...required].sort());
        const answer = await admin.post(`${path}/`, { [entity]: values });
        expect(answer.status).toBe(200);
      });

      test(`PATCH ${path}: only the id is required, and it is named in the body`, async () => {
        expect(entitySchema(path, "patch", entity).required).toEqual(["id"]);
        const answer = await admin.patch(`${path}/`, { [entity]: {} });
        expect(answer.status).toBe(400);
        expect(answer.json.errors).toEqual([{ field: `${entity}.id`, message: "is required" }]);
      });
    }

    test("refusals of the form's own rules name the field by its path in the body", async () => {
      const facility = await admin.post(`${FACILITY}/`, {
        facility: { ...requiredValues.facility!(""), npi: "1234567890", physical_locale_zip: "46204" },
      });
      expect(facility.json.errors).toEqual([
        {
          field: "facility.npi",
          message: "This is not a valid NPI: its last digit (the check digit) does not match.",
        },
      ]);
      const zip = await admin.post(`${FACILITY}/`, {
        facility: { ...requiredValues.facility!(""), physical_locale_zip: "46204" },
      });
      expect(zip.json.errors).toEqual([
        { field: "facility.physical_locale_zip", message: "46204 is not a zip code of Fishers, IN" },
      ]);
      const ptype = await admin.post(`${PROVIDER}/`, {
        provider: { ...requiredValues.provider!(""), ptype: "Physical Therapist" },
      });
      expect(ptype.json.errors.map((error: { field: string }) => error.field)).toEqual(["provider.ptype"]);
      expect(ptype.json.detail).toStartWith("provider.ptype: must be one of the Physician types");
      const workPlace = await admin.post(`${PROVIDER}/`, {
        provider: { ...requiredValues.provider!(""), name_work_at: ["Mars"] },
      });
      expect(workPlace.json.errors).toEqual([
        { field: "provider.name_work_at", message: "Mars: not a facility or location of the organisation" },
      ]);
    });

    test("the document states each text field's limits, and a value past them is refused naming the field", async () => {
      const facility = entitySchema(FACILITY, "post", "facility").properties;
      expect(facility.npi).toMatchObject({ type: "string", pattern: "^\\d{10}$" });
      expect(facility.physical_locale_zip).toMatchObject({ type: "string", pattern: "^\\d{5}$" });
      const nameMax = facility.name.maxLength;
      expect(nameMax).toBeGreaterThan(0);
      const long = await admin.post(`${FACILITY}/`, {
        facility: { ...requiredValues.facility!(""), name: "N".repeat(nameMax + 1) },
      });
      expect(long.status).toBe(400);
      expect(long.json.errors).toEqual([
        { field: "facility.name", message: `must be at most ${nameMax} characters` },
      ]);
      const atMost = await admin.post(`${FACILITY}/`, {
        facility: { ...requiredValues.facility!(""), name: "N".repeat(nameMax) },
      });
      expect(atMost.status).toBe(200);
    });
  });
}
