/**
 * The OpenAPI document (GET /api/openapi.json) against the app's registered routes: every route is
 * in it, every operation answers errors in the one error shape, and the reference page renders it
 * without scripts. Whether a route accepts what its document says is fieldErrors.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { z } from "zod";
import { EXPORT_CONTENT_TYPES } from "../../server/engine/routes.ts";
import { errorBodySchema } from "../../server/http/errors.ts";
import type { RouteDescription } from "../../server/http/openapi/declare.ts";
import { unsubscribePath, unsubscribeToken } from "../../server/reports/unsubscribeToken.ts";
import { backends } from "../helpers/backends.ts";
import { startTestApp, type TestApp } from "../helpers/testApp.ts";
import { type JsonSchema, registeredRoutes, stringsWithoutMaxLength } from "./routeWalk.ts";

/**
 * A form's example as its schema takes it: each file part named in the example (by its file's name,
 * or a list of names) becomes that File, as a client's form sends it.
 */
function asSentForm(form: NonNullable<RouteDescription["form"]>) {
  const parts = (z.toJSONSchema(form.schema, { io: "input", unrepresentable: "any" }) as JsonSchema)
    .properties;
  const isFile = (part: JsonSchema | undefined) =>
    part?.format === "binary" || part?.items?.format === "binary";
  const fileOf = (name: unknown) => new File(["example"], String(name));
  return Object.fromEntries(
    Object.entries(form.example ?? {}).map(([name, value]) => [
      name,
      isFile(parts?.[name]) ? (Array.isArray(value) ? value.map(fileOf) : fileOf(value)) : value,
    ]),
  );
}

for (const backend of backends) {
  describe(`OpenAPI document (${backend})`, () => {
    let t: TestApp;
    let document: JsonSchema;
    beforeAll(async () => {
      t = await startTestApp(backend);
      const answer = await t.client().get("/api/openapi.json");
      expect(answer.status).toBe(200);
      document = answer.json;
    }, 60_000);
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
            // The unsubscribe link answers a person with pages (its 404 and 410 are HTML, as sent).
            if (path === "/api/reports/unsubscribe/{token}" && status === "404") continue;
            const schema = operation.responses[status]?.content?.["application/json"]?.schema;
            // The error shape itself, or (uploads' 400, look-ups' 404) an answer holding its fields.
            const shape = schema?.$ref ? schema : Object.keys(schema?.properties ?? {}).sort();
            expect({ where, status, shape }).toEqual({
              where,
              status,
              shape: schema?.$ref
                ? { $ref: "#/components/schemas/ErrorBody" }
                : expect.arrayContaining(["detail", "errors", "status"]),
            });
          }
        }
      }
    });

    test("every success answer has a schema (JSON answers: the zod schema the answer check uses)", () => {
      const without: string[] = [];
      for (const [path, item] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(item as Record<string, JsonSchema>)) {
          const [status, success] = Object.entries(operation.responses as Record<string, JsonSchema>).find(
            ([code]) => code.startsWith("2"),
          )!;
          const contents = Object.values(success.content ?? {}) as JsonSchema[];
          if (contents.length === 0 || contents.some((content) => !content.schema)) {
            without.push(`${method.toUpperCase()} ${path} ${status}`);
          }
        }
      }
      expect(without).toEqual([]);
      const detail = document.paths["/api/management/customer/detail"].get.responses["200"].content;
      expect(Object.keys(detail["application/json"].schema.properties)).toContain("organization");
    });

    test("every text field of every request states its maxLength (choices and bounded patterns aside)", () => {
      expect(stringsWithoutMaxLength(document)).toEqual([]);
      const at = (path: string, method: string) =>
        document.paths[path][method].requestBody.content["application/json"].schema.properties;
      // The two of issue 34: an agent's username and the sign-in e-mail took 5,000 characters.
      expect(at("/api/management/admin/detail", "post").username.maxLength).toBe(150);
      expect(at("/api/services/auth/signin", "post").email.maxLength).toBe(254);
    });

    test("issue 34: the unsubscribe link's 404 and 410 are the HTML pages it sends", async () => {
      const client = t.client();
      const forged = await client.get(unsubscribePath(`${crypto.randomUUID()}.forged`));
      // Signed by us, but its recipient is gone: the second click.
      const secret = t.context.config.secretKey;
      const used = await client.post(unsubscribePath(unsubscribeToken(secret, crypto.randomUUID())));
      expect([forged.status, used.status]).toEqual([404, 410]);
      for (const answer of [forged, used])
        expect(answer.headers.get("content-type")).toStartWith("text/html");
      for (const method of ["get", "post"]) {
        const responses = document.paths["/api/reports/unsubscribe/{token}"][method].responses;
        for (const status of ["200", "404", "410"]) {
          expect({ method, status, media: Object.keys(responses[status].content) }).toEqual({
            method,
            status,
            media: ["text/html"],
          });
        }
      }
    });

    test("issue 34: a customer's user adds declare their 429; exports their real media types", () => {
      const adds = document.paths["/api/management/customer/detail"].post.responses;
      expect(adds["429"].headers["Retry-After"].schema.type).toBe("integer");
      expect(adds["429"].content["application/json"].schema.$ref).toBe("#/components/schemas/ErrorBody");
      const exports = document.paths["/api/management/queries/exports/{name}"].get.responses["200"].content;
      expect(Object.keys(exports).sort()).toEqual(Object.values(EXPORT_CONTENT_TYPES).sort());
      expect(Object.keys(exports)).not.toContain("application/octet-stream");
    });

    test("issue 34: every answer documents X-Request-Id, and sends it", async () => {
      expect(document.components.headers.RequestId.schema.type).toBe("string");
      const without: string[] = [];
      for (const [path, item] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(item as Record<string, JsonSchema>)) {
          for (const [status, response] of Object.entries(
            operation.responses as Record<string, JsonSchema>,
          )) {
            if (response.headers?.["X-Request-Id"]?.$ref !== "#/components/headers/RequestId") {
              without.push(`${method.toUpperCase()} ${path} ${status}`);
            }
          }
        }
      }
      expect(without).toEqual([]);
      const answer = await t.client().get("/api/health", { "x-request-id": "issue-34" });
      expect(answer.headers.get("x-request-id")).toBe("issue-34");
      expect((await t.client().get("/api/no-such-route/")).headers.get("x-request-id")).toMatch(
        /^[0-9a-f-]{36}$/,
      );
    });

    test("issue 34: the dummy view's credentials are listed only where the dummy view may call", () => {
      const listed: string[] = [];
      for (const [path, item] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(item as Record<string, JsonSchema>)) {
          const dummy = (operation.security ?? []).some(
            (requirement: Record<string, unknown>) =>
              "dummyOrg" in requirement || "dummyOrgQuery" in requirement,
          );
          if (dummy && method !== "get") listed.push(`${method.toUpperCase()} ${path}`);
        }
      }
      // The POSTs that only compute, and saved queries (the one write the dummy view makes); the
      // dummy view's other writes answer 403 dummy_read_only (roles.test.ts calls each).
      expect(listed.sort()).toEqual(
        [
          "POST /api/management/queries/stats",
          "POST /api/management/queries/{name}",
          "POST /api/management/queries/save",
          "POST /api/management/scoring/result",
        ].sort(),
      );
    });

    test("tags are defined with descriptions; servers and licence are given", () => {
      const defined = new Map(
        document.tags.map((tag: { name: string; description: string }) => [tag.name, tag.description]),
      );
      const used = new Set(
        Object.values(document.paths).flatMap((item) =>
          Object.values(item as Record<string, JsonSchema>).flatMap((operation) => operation.tags),
        ),
      );
      expect([...used].filter((tag) => !defined.get(tag as string))).toEqual([]);
      expect(document.servers[0].url).toBe("http://localhost:3000");
      expect(document.info.license.name).toBeTruthy();
    });

    test("refusals beyond the common ones: 413/415 for JSON bodies, 409, 429 with Retry-After", () => {
      const agents = document.paths["/api/management/admin/detail"].post.responses;
      expect(Object.keys(agents)).toEqual(expect.arrayContaining(["413", "415"]));
      const upload = document.paths["/api/management/customer/file"].post.responses;
      expect(upload["409"].content["application/json"].schema.properties.confirm).toBeDefined();
      expect(upload["400"].content["application/json"].schema.properties.report).toBeDefined();
      const signin = document.paths["/api/services/auth/signin"].post.responses;
      expect(signin["429"].headers["Retry-After"].schema.type).toBe("integer");
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

    test("choice lists are enums: the main fields list the values the server takes", () => {
      const resolve = (schema: JsonSchema): JsonSchema =>
        schema.$ref ? resolve(document.components.schemas[schema.$ref.split("/").pop()]) : schema;
      /** The schema at a dotted path in a request body: `[]` steps into a list's entries, `|0` into a union's first form. */
      const at = (path: string, method: string, field: string, media = "application/json") => {
        let schema = resolve(document.paths[path][method].requestBody.content[media].schema);
        for (const step of field.split(".")) {
          if (step === "[]") schema = resolve(schema.items);
          else if (step.startsWith("|")) schema = resolve(schema.anyOf[Number(step.slice(1))]);
          else schema = resolve((schema.properties ?? resolve(schema.anyOf[0]).properties)[step]);
        }
        return schema.enum;
      };
      const SERVICE_LINES = [
        "le_joint_replacement",
        "spine",
        "trauma",
        "hand_ue",
        "foot_ankle",
        "sports_medicine",
        "other",
      ];
      const SERVICES = [
        "Surgery",
        "Clinic visits",
        "Physical Therapy",
        "Occupational Therapy",
        "Chiropractic",
        "X-Ray",
        "MRI",
        "CT",
        "Ultrasound",
        "Casting and Splinting",
        "Injections",
        "Urgent Care",
        "DME",
        "Other Diagnostics",
      ];
      const PROVIDER = "/api/management/customer/provider";
      const FACILITY = "/api/management/customer/facility";
      const RUN = "/api/management/queries/{name}";
      const expected: [string, string, string, unknown[], string?][] = [
        [
          PROVIDER,
          "post",
          "provider.category",
          ["Physician", "Advanced Practice Provider", "Therapist", "Chiropractor"],
        ],
        [
          PROVIDER,
          "patch",
          "provider.ptype",
          [
            "Orthopaedic Surgeon",
            "Non-operative Physician",
            "Podiatrist",
            "Pain Management Physician",
            "Physician Assistant",
            "Nurse Practitioner",
            "Physical Therapist",
            "Occupational Therapist",
            "Athletic Trainer",
            "Chiropractor",
          ],
        ],
        [PROVIDER, "post", "provider.fte_status", ["1.0", "0.75", "0.5", "0.25", ""]],
        [
          PROVIDER,
          "post",
          "provider.clinical_certification",
          ["MD", "DO", "DPM", "PA-C", "NP", "DPT", "OTR", "ATC", "DC", ""],
        ],
        [PROVIDER, "post", "provider.shareholder", ["No", "Yes", ""]],
        [
          PROVIDER,
          "post",
          "provider.speciality.[]",
          [
            "LE Joint Replacement",
            "Spine",
            "Trauma",
            "Hand and UE",
            "Foot and Ankle",
            "Sports Medicine",
            "General Orthopaedics",
            "Other",
            "Orthopaedic Rehabilitation",
            "Hand Therapy",
            "Sports Rehabilitation",
            "Spine Rehabilitation",
            "Sports",
          ],
        ],
        [FACILITY, "post", "facility.site_of_care_codes_billed.[]", ["11", "19", "21", "22", "23", "24"]],
        [FACILITY, "patch", "facility.services_provided.[]", SERVICES],
        ["/api/management/customer/facility-location", "post", "location.services_provided.[]", SERVICES],
        [RUN, "post", "filters.|0.servicelines.[]", SERVICE_LINES],
        [RUN, "post", "filters.|0.service_area.[]", ["PSA", "SSA", "TSA"]],
        [RUN, "post", "filters.|0.facility_type.[]", ["IP", "OP", "ASC", "OFFICE"]],
        ["/api/management/queries/save", "post", "filters.service_area.[]", ["PSA", "SSA", "TSA"]],
        ["/api/management/customer/report-subscription", "post", "filters.servicelines.[]", SERVICE_LINES],
        ["/api/management/customer/report-subscription", "post", "frequency", ["weekly", "monthly"]],
        [
          "/api/management/admin/customer/service_area",
          "post",
          "service_area.[].type",
          ["PSA", "SSA", "TSA"],
        ],
        ["/api/management/customer/detail", "post", "user_data.status", ["admin", "assistant"]],
        ["/api/management/admin/validation", "post", "type", ["facility", "provider", "global"]],
        ["/api/services/advisory_board/file", "post", "kind", ["OP", "IP", "DEMO"], "multipart/form-data"],
      ];
      for (const [path, method, field, values, media] of expected) {
        const where = `${method.toUpperCase()} ${path} ${field}`;
        expect({ where, enum: at(path, method, field, media) }).toEqual({ where, enum: values });
      }
    });

    test("the calls issue 20 found misdescribed say what they do and answer", () => {
      const operation = (path: string, method: string) => document.paths[path][method];
      const answerFields = (path: string, method: string) =>
        Object.keys(
          operation(path, method).responses["200"].content["application/json"].schema.properties,
        ).sort();
      // A write that marks a failing validation valid, not a read; a request for a year's data.
      expect(operation("/api/management/admin/validation", "patch").summary).toMatch(/mark .*valid/i);
      expect(operation("/api/management/admin/valid", "patch").summary).toMatch(/^Request a year's data/);
      expect(answerFields("/api/management/customer/facility-location", "post")).toEqual([
        "locations",
        "status",
      ]);
      expect(answerFields("/api/services/auth/signin/{token}", "get")).toEqual([
        "max_age",
        "status",
        "token",
      ]);
      // The picture fields take what the server takes (GIF too).
      for (const [path, field] of [
        ["/api/management/customer/update", "picture"],
        ["/api/management/customer/organization-update", "image"],
        ["/api/management/admin/update", "image"],
      ] as const) {
        const form = operation(path, "post").requestBody.content["multipart/form-data"];
        expect(form.schema.properties[field].description).toBe(
          "a PNG, JPEG, WebP or GIF image of at most 2 MB",
        );
        expect(form.schema.additionalProperties).toBe(false);
      }
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
      // Authentication: the words and each credential of securitySchemes, and each call's own.
      expect(answer.text).toContain('<h2 id="authentication">Authentication</h2>');
      for (const name of Object.keys(document.components.securitySchemes)) {
        expect(answer.text).toContain(`id="credential-${name}"`);
      }
      expect(answer.text).toContain("Credentials: none (public).");
      // Rules as the JSON has them, and the examples.
      expect(answer.text).toContain("from 1 to 150 characters");
      expect(answer.text).toContain("one of: &quot;admin&quot;, &quot;assistant&quot;");
      expect(answer.text).toContain("Example body");
      expect(answer.text).toContain("Example answer");
    });

    test("the reference page's search shows only the calls that match, and refuses a search too long", async () => {
      const found = await t.client().get("/api/docs?q=facility-location");
      expect(found.status).toBe(200);
      const calls = [...found.text.matchAll(/<section class="call" id="([^"]+)"/g)].map((match) => match[1]);
      expect(calls.sort()).toEqual([
        "delete-api-management-customer-facility-location",
        "patch-api-management-customer-facility-location",
        "post-api-management-customer-facility-location",
      ]);
      expect(found.text).toContain("3 of ");
      expect(found.text).toContain('value="facility-location"');
      const none = await t.client().get("/api/docs?q=nothing%20like%20this");
      expect(none.text).toContain("0 of ");
      // A link carrying other keys (a newsletter's tracking tags) still opens the page.
      const tagged = await t.client().get("/api/docs?q=facility-location&utm_source=newsletter");
      expect(tagged.status).toBe(200);
      expect(tagged.text).toContain("3 of ");
      const long = await t.client().get(`/api/docs?q=${"a".repeat(101)}`);
      expect(long.status).toBe(400);
      expect(long.json.errors[0]).toEqual({ field: "q", message: "must be at most 100 characters" });
    });

    test("each example in the document is one the route's own schemas accept", () => {
      const failures: string[] = [];
      const withoutExample: string[] = [];
      const withoutBodyExample: string[] = [];
      let examples = 0;
      for (const route of t.app.routes) {
        const declared = (route.handler as { declared?: RouteDescription }).declared;
        if (!declared) continue;
        const where = `${route.method} ${route.path}`;
        // Issue 34: every operation shows a typical answer (a file's or a page's too, as text).
        if (typeof declared.answer === "string" || declared.answer.example === undefined) {
          withoutExample.push(where);
        }
        const body = declared.documentedBody ?? declared.body;
        // Issue 34: every call that takes a body shows a typical one (an optional body, a form too).
        if (body && declared.bodyExample === undefined) withoutBodyExample.push(where);
        if (declared.form) {
          if (declared.form.example === undefined) withoutBodyExample.push(where);
          else {
            examples++;
            const parsed = declared.form.schema.safeParse(asSentForm(declared.form));
            if (!parsed.success) failures.push(`${where} form: ${parsed.error.message}`);
          }
        }
        if (declared.bodyExample !== undefined) {
          examples++;
          const parsed = body?.safeParse(declared.bodyExample);
          if (!parsed?.success) failures.push(`${where} body: ${parsed?.error.message ?? "no body schema"}`);
        }
        if (typeof declared.answer !== "string" && declared.answer.example !== undefined) {
          examples++;
          const parsed = declared.answer.schema.safeParse(declared.answer.example);
          if (!parsed.success) failures.push(`${where} answer: ${parsed.error.message}`);
        }
      }
      expect(failures).toEqual([]);
      expect([...new Set(withoutExample)]).toEqual([]);
      expect([...new Set(withoutBodyExample)]).toEqual([]);
      // 105 answers, 65 JSON bodies and 5 forms (a route mounted twice counts twice).
      expect(examples).toBeGreaterThanOrEqual(175);
      const upload = document.paths["/api/management/customer/file"].post.requestBody.content;
      expect(upload["multipart/form-data"].example.files).toEqual(["claims_2024.csv"]);
      const run =
        document.paths["/api/management/queries/{name}"].post.requestBody.content["application/json"];
      expect(run.example.filters.year).toBe(2024);
    });

    test("a wrong method on a documented path is 405 with Allow", async () => {
      const answer = await (await t.client().prime()).request("PUT", "/api/openapi.json");
      expect(answer.status).toBe(405);
      expect(answer.headers.get("allow")).toContain("GET");
      expect(answer.json.detail).toContain("PUT");
    });
  });
}
