/**
 * The OpenAPI document (GET /api/openapi.json) against the app's registered routes: every route is
 * in it, every operation answers errors in the one error shape, and the reference page renders it
 * without scripts. Whether a route accepts what its document says is fieldErrors.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { errorBodySchema } from "../../server/http/errors.ts";
import { backends } from "../helpers/backends.ts";
import { startTestApp, type TestApp } from "../helpers/testApp.ts";
import { type JsonSchema, registeredRoutes } from "./routeWalk.ts";

for (const backend of backends) {
  describe(`OpenAPI document (${backend})`, () => {
    let t: TestApp;
    let document: JsonSchema;
    beforeAll(async () => {
      t = await startTestApp(backend);
      const answer = await t.client().get("/api/openapi.json");
      expect(answer.status).toBe(200);
      document = answer.json;
    });
    afterAll(() => t.close());

    test("is OpenAPI 3.1 and lists every registered API route, and nothing else", () => {
      expect(document.openapi).toStartWith("3.1");
      const routes = registeredRoutes(t);
      const missing = routes.filter(
        (route) => !document.paths[route.documentPath]?.[route.method.toLowerCase()],
      );
      expect(missing.map((route) => `${route.method} ${route.path}`)).toEqual([]);
      const documented = Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`),
      );
      const registered = new Set(routes.map((route) => `${route.method} ${route.documentPath}`));
      expect(documented.filter((operation) => !registered.has(operation))).toEqual([]);
      expect(documented.length).toBe(registered.size);
    });

    test("every operation has a summary, an answer and the error shape for its refusals", () => {
      const stored = document.components.schemas.ErrorBody;
      expect(Object.keys(stored.properties).sort()).toEqual(Object.keys(errorBodySchema.shape).sort());
      for (const [path, item] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(item as Record<string, JsonSchema>)) {
          const where = `${method.toUpperCase()} ${path}`;
          expect({ where, summary: typeof operation.summary }).toEqual({ where, summary: "string" });
          expect({ where, answer: Boolean(operation.responses["200"]?.description) }).toEqual({
            where,
            answer: true,
          });
          for (const status of ["400", "401", "403", "404", "405"]) {
            const schema = operation.responses[status]?.content?.["application/json"]?.schema;
            expect({ where, status, schema }).toEqual({
              where,
              status,
              schema: { $ref: "#/components/schemas/ErrorBody" },
            });
          }
        }
      }
    });

    test("a body is documented by the schema its handler parses: strict objects refuse unknown fields", () => {
      const agents =
        document.paths["/api/management/admin/detail"].post.requestBody.content["application/json"];
      expect(Object.keys(agents.schema.properties).sort()).toEqual(["email", "password", "username"]);
      expect(agents.schema.additionalProperties).toBe(false);
      const facility =
        document.paths["/api/management/customer/facility"].post.requestBody.content["application/json"]
          .schema;
      expect(facility.properties.facility.properties.npi).toBeDefined();
      expect(facility.properties.facility.properties.organization_id).toBeDefined();
      const upload = document.paths["/api/management/customer/file"].post.requestBody.content;
      expect(upload["multipart/form-data"].schema.properties.files.type).toBe("array");
    });

    test("the reference page renders every call without a script, under the strict CSP", async () => {
      const answer = await t.client().get("/api/docs");
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toContain("text/html");
      expect(answer.headers.get("content-security-policy")).toContain("script-src 'self'");
      expect(answer.text).not.toContain("<script");
      for (const route of registeredRoutes(t)) {
        expect(answer.text).toContain(`${route.method} ${route.documentPath}`);
      }
      expect(answer.text).toContain("The error shape");
    });

    test("a wrong method on a documented path is 405 with Allow", async () => {
      const answer = await (await t.client().prime()).request("PUT", "/api/openapi.json");
      expect(answer.status).toBe(405);
      expect(answer.headers.get("allow")).toContain("GET");
      expect(answer.json.detail).toContain("PUT");
    });
  });
}
