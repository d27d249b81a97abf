/**
 * One voice for errors: every route with a JSON body or query schema in the OpenAPI document gets,
 * for each declared field (nested ones too), a value of the wrong type. The route must refuse it
 * with 400 naming that field, in plain words - no library default text. This is also the check
 * that a route accepts what its document says (the document is built from the same schemas).
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
import { concretePath, type JsonSchema, registeredRoutes, wrongBodies, wrongValueFor } from "./routeWalk.ts";

/** zod's and JSON's own wordings, which must never reach a user. */
const LIBRARY_WORDING =
  /invalid input|expected [a-z]+, received|^invalid |unrecognized key|too (big|small)|nan\b|undefined/i;

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

interface Attempt {
  method: string;
  path: string;
  field: string;
  send: (client: HttpClient) => Promise<{ status: number; json: JsonSchema }>;
}

function attemptsOf(t: TestApp, document: JsonSchema): Attempt[] {
  const components = document.components?.schemas ?? {};
  const attempts: Attempt[] = [];
  for (const route of registeredRoutes(t)) {
    const operation = document.paths[route.documentPath]?.[route.method.toLowerCase()];
    const path = `${concretePath(route.path)}/`;
    const body = operation?.requestBody?.content?.["application/json"]?.schema;
    for (const [field, wrong] of body ? wrongBodies(body, components) : []) {
      attempts.push({
        method: route.method,
        path: route.path,
        field,
        send: (client) => client.request(route.method, path, wrong),
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
      const failures: string[] = [];
      for (const attempt of attempts) {
        // A customer admin first; routes for staff answer it 401 or 403, then a site admin tries.
        let answer = await attempt.send(customer);
        if (answer.status === 401 || answer.status === 403) answer = await attempt.send(staff);
        const where = `${attempt.method} ${attempt.path} ${attempt.field}`;
        const leaf = attempt.field.split(".").at(-1);
        const named = (answer.json?.errors ?? []).find(
          (error: { field: string }) => error.field === attempt.field || error.field === leaf,
        );
        if (answer.status !== 400 || !named) {
          failures.push(`${where}: ${answer.status} ${JSON.stringify(answer.json)}`);
        } else if (LIBRARY_WORDING.test(named.message)) {
          failures.push(`${where}: library wording '${named.message}'`);
        }
      }
      expect(failures).toEqual([]);
    });
  });
}
