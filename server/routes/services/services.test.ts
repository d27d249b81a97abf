/**
 * The look-up services against the committed fixture registry (fixtures/small/registry: the test
 * data folder has none of its own) and the shipped zip reference.
 */
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
import { providerForm, providerTypesByCategory, specialitiesByCategory } from "../../forms/provider.ts";
import { completeNpi } from "../../reference/npi.ts";
import { classifyTaxonomyCode, TAXONOMY_RULES } from "../../registry/taxonomy.ts";
import { signInFromOwnAddress } from "../admin/testSupport.ts";
import { NOT_FOUND_MESSAGE } from "./lookups.ts";

const ORGANISATION = "/api/services/lexisnexis/organization/";
const INDIVIDUAL = "/api/services/lexisnexis/individual/";
const CHECK = "/api/services/location/check-location/";
const CITIES = "/api/services/location/autocomplete/";
const ZIPS = "/api/services/location/zipcodes/";

describe("taxonomy mapping", () => {
  test("every rule names a type and specialities of its category (the provider form's choices)", () => {
    for (const { prefix, classification } of TAXONOMY_RULES) {
      const category = classification.category as keyof typeof providerTypesByCategory;
      const types = providerTypesByCategory[category]?.map((choice) => choice.value);
      const specialities = specialitiesByCategory[category]?.map((choice) => choice.value);
      expect({ prefix, ok: types?.includes(classification.ptype) }).toEqual({ prefix, ok: true });
      for (const speciality of classification.speciality) {
        expect({ prefix, speciality, ok: specialities?.includes(speciality) }).toEqual({
          prefix,
          speciality,
          ok: true,
        });
      }
    }
    expect(providerForm.fields.find((field) => field.name === "category")?.choices?.length).toBe(4);
  });

  test("the families of the brief map as an orthopaedic practice expects; others map to nothing", () => {
    expect(classifyTaxonomyCode("207X00000X")).toEqual({
      category: "Physician",
      ptype: "Orthopaedic Surgeon",
      speciality: ["General Orthopaedics"],
    });
    expect(classifyTaxonomyCode("207XS0117X")?.speciality).toEqual(["Spine"]);
    expect(classifyTaxonomyCode("363A00000X")?.ptype).toBe("Physician Assistant");
    expect(classifyTaxonomyCode("363LF0000X")?.ptype).toBe("Nurse Practitioner");
    expect(classifyTaxonomyCode("225100000X")?.ptype).toBe("Physical Therapist");
    expect(classifyTaxonomyCode("225X00000X")?.ptype).toBe("Occupational Therapist");
    expect(classifyTaxonomyCode("111N00000X")?.category).toBe("Chiropractor");
    expect(classifyTaxonomyCode("207Q00000X")).toBeUndefined();
  });
});

for (const backend of backends) {
  describe(`look-up services (${backend})`, () => {
    let t: TestApp;
    let customer: HttpClient;
    let assistant: HttpClient;
    let staff: HttpClient;
    let anonymous: HttpClient;

    beforeAll(async () => {
      t = await startTestApp(backend);
      const org = await createOrganisation(t);
      customer = await signInFromOwnAddress(t, (await createCustomer(t, org.id, { isStaff: true })).email);
      assistant = await signInFromOwnAddress(t, (await createCustomer(t, org.id, { isStaff: false })).email);
      staff = await signInStaff(t, (await createStaff(t, "site_admin")).username);
      anonymous = await t.client().prime();
    }, 300_000);
    afterAll(() => t.close());

    test("an organisation found by NPI pre-fills the facility form", async () => {
      const answer = await customer.post(ORGANISATION, { query: "1000058762" });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({
        status: 200,
        data: {
          npi: "1000058762",
          name: "Boone Orthopaedics Clinic",
          address: "1713 Maple Blvd",
          city_state: "Lebanon, IN",
          zipcode: "46052",
          phone: "3175550100",
        },
      });
    });

    test("an individual found by NPI pre-fills the provider form, with the category from its taxonomy", async () => {
      const answer = await staff.post(INDIVIDUAL, { query: "1002178303" });
      expect(answer.status).toBe(200);
      expect(answer.json.data).toMatchObject({
        npi: "1002178303",
        first_name: "Susan",
        last_name: "Thomas",
        middle_name: "E",
        city: "Noblesville, IN",
        zipcode: "46060",
        phone: "3175550100",
        category: "Physician",
        ptype: "Orthopaedic Surgeon",
        speciality: ["LE Joint Replacement"],
      });
    });

    test("not found: 404 with the spec's message on npi; an individual's NPI is no organisation", async () => {
      for (const [path, npi] of [
        [ORGANISATION, completeNpi("999999999")],
        [INDIVIDUAL, completeNpi("999999999")],
        [ORGANISATION, "1002178303"],
        [INDIVIDUAL, "1000058762"],
      ] as const) {
        const answer = await customer.post(path, { query: npi });
        expect(answer.status).toBe(404);
        // Issue 32: the spec's text had typos ("dabase", "manualy").
        expect(NOT_FOUND_MESSAGE).toBe(
          "We cannot find what you searched for in the database, but you can add it manually and we will check it.",
        );
        expect(answer.json).toEqual({
          status: 404,
          code: "not_found",
          detail: NOT_FOUND_MESSAGE,
          errors: [{ field: "query", message: NOT_FOUND_MESSAGE }],
          data: null,
        });
      }
    });

    test("a malformed NPI, or none, is refused on query (the body's field)", async () => {
      const malformed = await customer.post(INDIVIDUAL, { query: "12345" });
      expect(malformed.status).toBe(400);
      expect(malformed.json.errors).toEqual([
        { field: "query", message: "Please fill out this field or verify it is an NPI of 10 digits." },
      ]);
      const missing = await customer.post(INDIVIDUAL, {});
      expect(missing.status).toBe(400);
      expect(missing.json.errors[0].field).toBe("query");
    });

    test("check-location: a zip of the city is true (any case), another city's zip or an unknown zip false", async () => {
      const state = async (city_state: string, zipcode: string) =>
        (await customer.post(CHECK, { city_state, zipcode })).json.state;
      expect(await state("Indianapolis, IN", "46204")).toBe(true);
      expect(await state("indianapolis,in", "46204")).toBe(true);
      expect(await state("Fishers, IN", "46204")).toBe(false);
      expect(await state("Indianapolis, IN", "00000")).toBe(false);
      expect(await state("Indianapolis, IN", "4620")).toBe(false);
    });

    test("city autocomplete: case-insensitive prefix, sorted, at most 20, [value, label] pairs", async () => {
      const answer = await customer.post(CITIES, { query: "indianapolis" });
      expect(answer.status).toBe(200);
      expect(answer.json.data).toEqual([["Indianapolis, IN", "Indianapolis, IN"]]);
      const many = await customer.post(CITIES, { query: "spring" });
      const labels = many.json.data.map(([value]: [string]) => value);
      expect(labels).toHaveLength(20);
      expect(labels.every((label: string) => label.toLowerCase().startsWith("spring"))).toBe(true);
      expect(labels).toEqual([...labels].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
      expect((await customer.post(CITIES, { query: "" })).json.data).toEqual([]);
      expect((await customer.post(CITIES, { query: "zzzz" })).json.data).toEqual([]);
    });

    test("zips of a city: the prefix among that city's zips only, sorted", async () => {
      const answer = await customer.post(ZIPS, { query: "4620", other: "Indianapolis, IN" });
      const zips = answer.json.data.map(([value]: [string]) => value);
      expect(zips).toContain("46204");
      expect(zips.every((zip: string) => zip.startsWith("4620"))).toBe(true);
      expect(zips).toEqual([...zips].sort());
      expect(answer.json.data[0]).toEqual([zips[0], zips[0]]);
      expect(
        (await customer.post(ZIPS, { query: "", other: "Fishers, IN" })).json.data.map(([v]: [string]) => v),
      ).toContain("46037");
      expect((await customer.post(ZIPS, { query: "462", other: "Fishers, IN" })).json.data).toEqual([]);
      expect((await customer.post(ZIPS, { query: "462" })).json.data).toEqual([]);
    });

    test("nobody signed in gets 401; assistants may look up (nothing is written); dummy mode is refused", async () => {
      for (const [path, body] of [
        [ORGANISATION, { query: "1000058762" }],
        [INDIVIDUAL, { query: "1002178303" }],
        [CHECK, { city_state: "Indianapolis, IN", zipcode: "46204" }],
        [CITIES, { query: "indian" }],
        [ZIPS, { query: "462", other: "Indianapolis, IN" }],
      ] as const) {
        expect((await anonymous.post(path, body)).status).toBe(401);
        expect((await assistant.post(path, body)).status).toBe(200);
        const org = await createOrganisation(t);
        expect((await staff.post(path, body, { "x-dummy-org": org.id })).status).toBe(403);
      }
    });
  });
}
