/**
 * One voice for errors: every route with a JSON body, a multipart form or a query schema in the
 * OpenAPI document gets, for each declared field (nested ones too), a value of the wrong type; a
 * multipart form also text where a file goes, a file where text goes, and fields it does not
 * have. The route must refuse each with 400 naming that field by its path in the request, in plain
 * words: no library default text, no format id, the field's name not repeated in its message, and
 * a value sent not answered as if left out. This is also the check that a route accepts what its
 * document says (the document is built from the same schemas).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
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
import {
  concretePath,
  type JsonSchema,
  objectSchemaOf,
  registeredRoutes,
  wrongBodies,
  wrongValueFor,
} from "./routeWalk.ts";

/** zod's and JSON's own wordings, which must never reach a user. */
const LIBRARY_WORDING =
  /invalid input|expected [a-z]+, received|^invalid |unrecognized key|too (big|small)|nan\b|undefined/i;
/** A format's id ('onlyletter format', 'npi format') instead of what it means. */
const FORMAT_ID = /\bformat\b|onlyletter/i;
/** What a field left out is told: wrong for a value that was sent. */
const LEFT_OUT = /^(Please fill out this field|is required)$/;

/** The field's own name, an entry's index left out (`files.0` is files). */
const nameOf = (field: string) =>
  field
    .split(".")
    .filter((segment) => !/^\d+$/.test(segment))
    .pop() ?? field;

/** What is wrong with a refusal's words for a field, if anything. */
function voiceProblem(field: string, message: string): string | undefined {
  if (LIBRARY_WORDING.test(message)) return `library wording '${message}'`;
  if (FORMAT_ID.test(message)) return `a format id in '${message}'`;
  if (new RegExp(`^${nameOf(field)}\\b`, "i").test(message)) return `the field's name repeated: '${message}'`;
  if (LEFT_OUT.test(message)) return `answered as if left out: '${message}'`;
  return undefined;
}

/**
 * In a query string every value is text: a field of free text (a string with no pattern, format,
 * choices or length floor, as the reference page's search `q`) has no value of a wrong type.
 */
const freeText = (schema: JsonSchema) =>
  schema.type === "string" &&
  schema.pattern === undefined &&
  schema.format === undefined &&
  schema.enum === undefined &&
  (schema.minLength ?? 0) === 0;

/**
 * The codes of a refusal naming fields: field_invalid; an analysis' filters on an organisation whose
 * years are not open (or have no data) say so in the year's code beside the other fields.
 */
const FIELD_CODES = ["field_invalid", "year_not_enabled", "no_data"];

interface Attempt {
  method: string;
  path: string;
  field: string;
  send: (client: HttpClient) => Promise<{ status: number; json: JsonSchema }>;
}

const isFile = (schema: JsonSchema) =>
  schema.format === "binary" || schema.contentEncoding === "binary" || schema.items?.format === "binary";

/** A text the schema refuses (a choice, a pattern, a format, a number); undefined when any text goes. */
function wrongText(schema: JsonSchema): string | undefined {
  const text = "not a valid value";
  const members: JsonSchema[] = schema.anyOf ?? [schema];
  const constrained = (member: JsonSchema): boolean =>
    member.enum !== undefined ||
    member.format !== undefined ||
    member.type === "integer" ||
    member.type === "number" ||
    (member.pattern !== undefined && !new RegExp(member.pattern).test(text)) ||
    (member.type === "array" && member.items !== undefined && constrained(member.items));
  return members.every(constrained) ? text : undefined;
}

/** Bodies with a text one character too short or too long for each field with such bounds: [field, body]. */
function outOfLengthBodies(schema: JsonSchema, components: JsonSchema): [string, unknown][] {
  const bodies: [string, unknown][] = [];
  const object = objectSchemaOf(schema, components);
  for (const [name, property] of Object.entries((object?.properties ?? {}) as Record<string, JsonSchema>)) {
    if (property.type === "string" && property.minLength > 1) {
      bodies.push([name, { [name]: "a".repeat(property.minLength - 1) }]);
    }
    if (property.type === "string" && property.maxLength !== undefined) {
      bodies.push([name, { [name]: "a".repeat(property.maxLength + 1) }]);
    }
    const inner = objectSchemaOf(property, components);
    for (const [field, body] of inner ? outOfLengthBodies(inner, components) : []) {
      bodies.push([`${name}.${field}`, { [name]: body }]);
    }
  }
  return bodies;
}

const formOf = (parts: [string, string | File][]) => {
  const form = new FormData();
  for (const [name, value] of parts) form.append(name, value);
  return form;
};
const aFile = () => new File(["1,2\n"], "sample.csv", { type: "text/csv" });

/** Multipart attempts: [field, form] for each declared field, and fields the form does not have. */
function wrongForms(schema: JsonSchema): [string, FormData][] {
  const forms: [string, FormData][] = [
    ["colour", formOf([["colour", "red"]])],
    ["attachment", formOf([["attachment", aFile()]])],
  ];
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    if (isFile(property)) {
      forms.push([name, formOf([[name, "not a file"]])]);
      continue;
    }
    forms.push([name, formOf([[name, aFile()]])]);
    if (property.type === "object") {
      // JSON text (the form's encoding says so): text that is not JSON, then each field wrong inside.
      forms.push([name, formOf([[name, "not JSON"]])]);
      for (const [inner, body] of wrongBodies({ properties: { [name]: property } }, {})) {
        forms.push([inner, formOf([[name, JSON.stringify((body as Record<string, unknown>)[name])]])]);
      }
      continue;
    }
    const text = wrongText(property);
    if (text !== undefined) forms.push([name, formOf([[name, text]])]);
  }
  return forms;
}

function attemptsOf(t: TestApp, document: JsonSchema): Attempt[] {
  const components = document.components?.schemas ?? {};
  const attempts: Attempt[] = [];
  for (const route of registeredRoutes(t)) {
    const operation = document.paths[route.documentPath]?.[route.method.toLowerCase()];
    const path = `${concretePath(route.path)}/`;
    const body = operation?.requestBody?.content?.["application/json"]?.schema;
    const form = operation?.requestBody?.content?.["multipart/form-data"]?.schema;
    for (const [field, wrong] of form ? wrongForms(form) : []) {
      attempts.push({
        method: route.method,
        path: route.path,
        field,
        send: (client) => client.request(route.method, path, wrong),
      });
    }
    // A field the body does not have is refused by its name, like every other field.
    const unknown: [string, unknown][] = body ? [["colour", { colour: "red" }]] : [];
    const wrong = body ? [...wrongBodies(body, components), ...outOfLengthBodies(body, components)] : [];
    for (const [field, wrongBody] of [...unknown, ...wrong]) {
      attempts.push({
        method: route.method,
        path: route.path,
        field,
        send: (client) => client.request(route.method, path, wrongBody),
      });
    }
    for (const parameter of operation?.parameters ?? []) {
      if (parameter.in !== "query" || freeText(parameter.schema)) continue;
      const wrong = wrongValueFor(parameter.schema, components);
      if (wrong === undefined) continue;
      const query = `?${parameter.name}=${encodeURIComponent(JSON.stringify(wrong))}`;
      attempts.push({
        method: route.method,
        path: route.path,
        field: parameter.name,
        send: (client) => client.request(route.method, `${path}${query}`),
      });
    }
  }
  return attempts;
}

for (const backend of backends) {
  describe(`field errors name the field in plain words (${backend})`, () => {
    let t: TestApp;
    let customer: HttpClient;
    let staff: HttpClient;
    let attempts: Attempt[] = [];
    beforeAll(async () => {
      t = await startTestApp(backend);
      const organisation = await createOrganisation(t, {
        name: "Fields",
        initialized: true,
        agreementAccepted: true,
      });
      const admin = await createCustomer(t, organisation.id, { isStaff: true });
      customer = await signInCustomer(t, admin.email);
      staff = await signInStaff(t, (await createStaff(t, "site_admin")).username);
      const document = (await t.client().get("/api/openapi.json")).json;
      attempts = attemptsOf(t, document);
    });
    afterAll(() => t.close());

    test("a wrong type in each declared field is refused with 400 naming it", async () => {
      // The walk covers every body route: a route left out of it would hide here.
      expect(attempts.length).toBeGreaterThan(100);
      const multipart = new Set(
        attempts.filter((attempt) => attempt.field === "attachment").map((attempt) => attempt.path),
      );
      expect([...multipart].sort()).toEqual([
        "/api/management/admin/update",
        "/api/management/customer/file",
        "/api/management/customer/organization-update",
        "/api/management/customer/update",
        "/api/services/advisory_board/file",
      ]);
      const failures: string[] = [];
      for (const attempt of attempts) {
        // A customer admin first; routes for staff answer it 401 or 403, then a site admin tries.
        let answer = await attempt.send(customer);
        if (answer.status === 401 || answer.status === 403) answer = await attempt.send(staff);
        const where = `${attempt.method} ${attempt.path} ${attempt.field}`;
        // Named by its path in the request, or an entry inside it (files.0, years.0).
        const named = (answer.json?.errors ?? []).find(
          (error: { field: string }) =>
            error.field === attempt.field || error.field.startsWith(`${attempt.field}.`),
        );
        const problem = named ? voiceProblem(named.field, named.message) : undefined;
        if (answer.status !== 400 || !named) {
          failures.push(`${where}: ${answer.status} ${JSON.stringify(answer.json)}`);
        } else if (!FIELD_CODES.includes(answer.json.code)) {
          failures.push(
            `${where}: code ${answer.json.code}, not one of a field's (${FIELD_CODES.join(", ")})`,
          );
        } else if (problem) {
          failures.push(`${where}: ${problem}`);
        }
      }
      expect(failures).toEqual([]);
    });

    test("issue 34: a 5,000-letter agent username and a 5,012-character sign-in e-mail are refused", async () => {
      const agent = await staff.post("/api/management/admin/detail/", {
        username: "a".repeat(5000),
        email: "agent@vitality.local",
        password: "Password@1",
      });
      expect(agent.status).toBe(400);
      expect(agent.json.errors).toEqual([{ field: "username", message: "must be at most 150 characters" }]);
      const signin = await t.client().prime();
      const email = `${"a".repeat(5000)}@example.com`;
      expect(email.length).toBe(5012);
      const asked = await signin.post("/api/services/auth/signin/", { email });
      expect(asked.status).toBe(400);
      expect(asked.json.errors).toEqual([{ field: "email", message: "must be at most 254 characters" }]);
    });

    test("POST queries/stats takes no field: one sent, in the body or the query string, is refused by name", async () => {
      const path = "/api/management/queries/stats/";
      expect((await customer.post(path)).status).toBe(200);
      for (const answer of [
        await customer.post(path, { colour: "red" }),
        await customer.post(`${path}?colour=red`),
      ]) {
        expect(answer.status).toBe(400);
        expect(answer.json.errors).toEqual([{ field: "colour", message: "is not a field of this form" }]);
      }
    });
  });
}
