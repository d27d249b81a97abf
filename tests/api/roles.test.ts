import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createApp } from "../../server/app.ts";
import {
  organisationYears,
  questionnaires,
  schemeResults,
  serviceAreas,
  validations,
} from "../../server/db/schema/index.ts";
import { ROUTE_ROLES } from "../../server/http/roles/routeRoles.ts";
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
import { concretePath, documentPathOf, registeredRoutes } from "./routeWalk.ts";

/**
 * Roles: every API route is called by each kind of caller. The role each route needs is written
 * here a second time, from the specs (admin-area.md section 6: agents read the back office, site
 * admins change it), and must match the table the server enforces (server/http/roles/routeRoles.ts).
 * A caller below the role gets 401 `unauthenticated` (not signed in, or a customer session on a
 * staff call), 403 `staff_session` (a staff session on a customer's call, outside the dummy view) or
 * 403 `forbidden` (a lower role of the right kind) in the one error shape; a caller holding it passes the guard (any answer
 * but 401, 403 or 500: a 400 for the empty probe body means the guards let it through). A route
 * without an entry below, or without one in the table, fails the inventory test.
 */
type Role =
  | "public"
  | "signedIn"
  | "customer"
  | "customerOrSiteAdmin"
  | "customerAdmin"
  | "customerAdminOrSiteAdmin"
  | "staff"
  | "siteAdmin";
type Caller = "anonymous" | "assistant" | "customerAdmin" | "agent" | "siteAdmin";
const CALLERS: Caller[] = ["anonymous", "assistant", "customerAdmin", "agent", "siteAdmin"];

interface Probe {
  role: Role;
  /** The concrete path (default: the route's with a fresh UUID or querie1 per parameter). */
  path?: string;
  /** The body (default `{}`: refused by the handler's parse, after the guards, with 400). */
  body?: unknown;
  /** The call ends the caller's session: each caller signs in afresh for it. */
  signsOut?: boolean;
}

const probe = (role: Role, rest: Omit<Probe, "role"> = {}): Probe => ({ role, ...rest });
const [PUBLIC, SIGNED_IN, CUSTOMER, CUSTOMER_ADMIN, PROFILE_WRITER, STAFF, SITE_ADMIN] = [
  probe("public"),
  probe("signedIn"),
  probe("customer"),
  probe("customerAdmin"),
  probe("customerAdminOrSiteAdmin"),
  probe("staff"),
  probe("siteAdmin"),
];

const probes: Record<string, Probe> = {
  "GET /api/health": PUBLIC,
  "GET /api/openapi.json": PUBLIC,
  "GET /api/docs": PUBLIC,
  "POST /api/services/auth/signin": PUBLIC,
  "GET /api/services/auth/signin/:token": PUBLIC,
  "POST /api/management/admin/signin": PUBLIC,
  "POST /api/admin/logout": probe("public", { signsOut: true }),

  "GET /api/management/admin/sitesettings": SIGNED_IN,
  "GET /api/management/helpcenter": SIGNED_IN,
  "POST /api/services/lexisnexis/organization": SIGNED_IN,
  "POST /api/services/lexisnexis/individual": SIGNED_IN,
  "POST /api/services/location/autocomplete": SIGNED_IN,
  "POST /api/services/location/check-location": SIGNED_IN,
  "POST /api/services/location/zipcodes": SIGNED_IN,
  "GET /api/services/geo/outlines": SIGNED_IN,
  "GET /api/services/geo/basemap": SIGNED_IN,
  "GET /api/pictures/:name": SIGNED_IN,
  "GET /api/management/queries/manifest": SIGNED_IN,
  "GET /api/management/queries/exports/:name": SIGNED_IN,
  "GET /api/management/customer/file/rejected/:id": SIGNED_IN,
  "POST /api/management/schemes/service_capabilities/detail": SIGNED_IN,
  "POST /api/management/schemes/macro_capabilities/detail": SIGNED_IN,
  "POST /api/management/schemes/market_capabilities/detail": SIGNED_IN,
  "POST /api/management/scoring/detail": SIGNED_IN,
  "POST /api/management/schemes/questionnaire/detail": SIGNED_IN,

  "GET /api/management/customer/detail": CUSTOMER,
  "POST /api/management/customer/agreement": CUSTOMER,
  "POST /api/management/customer/update": CUSTOMER,
  "GET /api/management/customer/notification": CUSTOMER,
  "DELETE /api/management/customer/notification": CUSTOMER,
  "POST /api/management/queries/stats": CUSTOMER,
  "POST /api/management/queries/:name{(?:querie[0-9]+|[0-9a-fA-F-]{36})}": CUSTOMER,
  "GET /api/management/queries/save": CUSTOMER,
  "POST /api/management/queries/save": probe("customerOrSiteAdmin"),
  "POST /api/management/scoring/result": CUSTOMER,
  "GET /api/management/schemes/questionnaire": CUSTOMER,
  "POST /api/management/schemes/questionnaire": CUSTOMER_ADMIN,
  "GET /api/management/schemes/questionnaire/draft": CUSTOMER_ADMIN,
  "POST /api/management/schemes/questionnaire/draft": CUSTOMER_ADMIN,
  "GET /api/management/customer/audit": CUSTOMER_ADMIN,
  "GET /api/management/customer/audit/export": CUSTOMER_ADMIN,
  "GET /api/management/customer/report-subscription": CUSTOMER,
  "POST /api/management/customer/report-subscription": CUSTOMER,
  "PATCH /api/management/customer/report-subscription/:id": CUSTOMER,
  "DELETE /api/management/customer/report-subscription/:id": CUSTOMER,
  "POST /api/management/customer/report-subscription/:id/send-now": CUSTOMER,
  "GET /api/reports/unsubscribe/:token": PUBLIC,
  "POST /api/reports/unsubscribe/:token": PUBLIC,

  "POST /api/management/customer/detail": PROFILE_WRITER,
  "PATCH /api/management/customer/detail": PROFILE_WRITER,
  "DELETE /api/management/customer/detail": PROFILE_WRITER,
  "POST /api/management/customer/organization-update": PROFILE_WRITER,
  "POST /api/management/customer/facility": PROFILE_WRITER,
  "PATCH /api/management/customer/facility": PROFILE_WRITER,
  "DELETE /api/management/customer/facility": PROFILE_WRITER,
  "POST /api/management/customer/facility-location": PROFILE_WRITER,
  "PATCH /api/management/customer/facility-location": PROFILE_WRITER,
  "DELETE /api/management/customer/facility-location": PROFILE_WRITER,
  "POST /api/management/customer/provider": PROFILE_WRITER,
  "PATCH /api/management/customer/provider": PROFILE_WRITER,
  "DELETE /api/management/customer/provider": PROFILE_WRITER,
  "POST /api/management/customer/file": PROFILE_WRITER,
  "GET /api/management/admin/audit/:orgid": SITE_ADMIN,
  "GET /api/management/admin/audit/:orgid/export": SITE_ADMIN,

  "GET /api/management/admin/detail": STAFF,
  "POST /api/management/admin/update": STAFF,
  "POST /api/management/admin/fake-org": STAFF,
  "GET /api/management/admin/notification": STAFF,
  "DELETE /api/management/admin/notification": STAFF,
  "POST /api/management/admin/organization": STAFF,
  "GET /api/management/queries/adminsave/:orgid": STAFF,
  "GET /api/management/admin/report-subscription/:orgid": STAFF,
  "GET /api/management/admin/customer/year-version/:orgid/:year": STAFF,

  "POST /api/management/admin/detail": SITE_ADMIN,
  "POST /api/management/admin/report-subscription/:orgid/pause": SITE_ADMIN,
  "DELETE /api/management/admin/detail": SITE_ADMIN,
  "POST /api/management/customer/organization": SITE_ADMIN,
  "PATCH /api/management/customer/organization": SITE_ADMIN,
  "DELETE /api/management/admin/delete-organization": SITE_ADMIN,
  "POST /api/management/admin/sitesettings": SITE_ADMIN,
  "POST /api/management/helpcenter": SITE_ADMIN,
  "PATCH /api/management/helpcenter": SITE_ADMIN,
  "DELETE /api/management/helpcenter": SITE_ADMIN,
  "POST /api/services/advisory_board/file": SITE_ADMIN,
  "POST /api/management/admin/valid": SITE_ADMIN,
  "PATCH /api/management/admin/valid": SITE_ADMIN,
  "POST /api/management/admin/prelaunch": SITE_ADMIN,
  "DELETE /api/management/admin/customer/remove-year": SITE_ADMIN,
  "POST /api/management/admin/customer/year-version/restore": SITE_ADMIN,
  "POST /api/management/admin/customer/service_area": SITE_ADMIN,
  "PATCH /api/management/admin/customer/service_area": SITE_ADMIN,
  "DELETE /api/management/admin/customer/service_area": SITE_ADMIN,
  "POST /api/management/admin/customer/service_area/suggest": SITE_ADMIN,
  "POST /api/management/admin/validation": SITE_ADMIN,
  "PATCH /api/management/admin/validation": SITE_ADMIN,
  "POST /api/management/admin/scoring": SITE_ADMIN,
  "POST /api/management/schemes/service_capabilities/generate": SITE_ADMIN,
  "POST /api/management/schemes/macro_capabilities/generate": SITE_ADMIN,
  "POST /api/management/schemes/market_capabilities/generate": SITE_ADMIN,
  "PATCH /api/management/schemes/questionnaire": SITE_ADMIN,
  "POST /api/management/schemes/questionnaire/allow": SITE_ADMIN,
  "GET /api/services/email/get": SITE_ADMIN,
  "GET /api/services/email/get/:mailbox": SITE_ADMIN,
  "POST /api/services/email/get-user": SITE_ADMIN,
  "POST /api/services/email/send/custom": SITE_ADMIN,
};

type Refused = { status: 401 | 403; code: "unauthenticated" | "forbidden" | "staff_session" };
const UNAUTHENTICATED: Refused = { status: 401, code: "unauthenticated" };
const FORBIDDEN: Refused = { status: 403, code: "forbidden" };
/** Staff on a customer's call without the dummy view: not an ended session, the wrong account. */
const STAFF_SESSION: Refused = { status: 403, code: "staff_session" };

/** The answer a caller should get from a route of a role: "pass", or the refusal's status and code. */
function expected(role: Role, caller: Caller): "pass" | Refused {
  const customerSide = caller === "assistant" || caller === "customerAdmin";
  const staffSide = caller === "agent" || caller === "siteAdmin";
  switch (role) {
    case "public":
      return "pass";
    case "signedIn":
      return caller === "anonymous" ? UNAUTHENTICATED : "pass";
    case "customer":
      return customerSide ? "pass" : staffSide ? STAFF_SESSION : UNAUTHENTICATED;
    case "customerOrSiteAdmin":
      return caller === "anonymous" ? UNAUTHENTICATED : caller === "agent" ? FORBIDDEN : "pass";
    case "customerAdmin":
      if (caller === "customerAdmin") return "pass";
      return caller === "assistant" ? FORBIDDEN : staffSide ? STAFF_SESSION : UNAUTHENTICATED;
    case "customerAdminOrSiteAdmin":
      if (caller === "customerAdmin" || caller === "siteAdmin") return "pass";
      return caller === "anonymous" ? UNAUTHENTICATED : FORBIDDEN;
    case "staff":
      return staffSide ? "pass" : UNAUTHENTICATED;
    case "siteAdmin":
      return caller === "siteAdmin" ? "pass" : caller === "agent" ? FORBIDDEN : UNAUTHENTICATED;
  }
}

interface World {
  t: TestApp;
  orgId: string;
  callers: Record<Caller, HttpClient>;
  signIn: Record<Caller, () => Promise<HttpClient>>;
  // biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document, read loosely
  document: any;
}

async function call(client: HttpClient, route: string, entry: Probe, headers?: Record<string, string>) {
  const [method, path] = route.split(" ") as [string, string];
  const concrete = entry.path ?? `${concretePath(path)}/`;
  return client.request(method, concrete, method === "GET" ? undefined : (entry.body ?? {}), headers);
}

/** A refusal in the one error shape: `{status, code, detail}` with the HTTP status repeated. */
function expectRefusal(answer: { status: number; json: unknown }, { status, code }: Refused) {
  expect(answer.status).toBe(status);
  expect(answer.json).toEqual({ status, code, detail: expect.any(String) });
}

for (const backend of backends) {
  describe(`roles: every route against every kind of caller (${backend})`, () => {
    const world = {} as World;
    beforeAll(async () => {
      const t = await startTestApp(backend);
      const org = await createOrganisation(t, {
        name: "Roles Ortho",
        initialized: true,
        agreementAccepted: true,
      });
      const admin = await createCustomer(t, org.id, { isStaff: true });
      const assistant = await createCustomer(t, org.id, { isStaff: false });
      const agent = await createStaff(t, "agent");
      const siteAdmin = await createStaff(t, "site_admin");
      world.t = t;
      world.orgId = org.id;
      world.signIn = {
        anonymous: () => t.client().prime(),
        assistant: () => signInCustomer(t, assistant.email),
        customerAdmin: () => signInCustomer(t, admin.email),
        agent: () => signInStaff(t, agent.username),
        siteAdmin: () => signInStaff(t, siteAdmin.username),
      };
      world.callers = {} as Record<Caller, HttpClient>;
      for (const caller of CALLERS) world.callers[caller] = await world.signIn[caller]();
      world.document = (await t.client().get("/api/openapi.json")).json;
    });
    afterAll(() => world.t.close());

    test("every API route has a role in the table and a probe here, and nothing else does", () => {
      const registered = registeredRoutes(world.t).map((route) => `${route.method} ${route.path}`);
      expect(registered.filter((route) => !(route in ROUTE_ROLES))).toEqual([]);
      expect(registered.filter((route) => !(route in probes))).toEqual([]);
      expect(Object.keys(ROUTE_ROLES).filter((route) => !registered.includes(route))).toEqual([]);
      expect(Object.keys(probes).filter((route) => !registered.includes(route))).toEqual([]);
    });

    test("the table gives each route the role the specs give it", () => {
      const roles = Object.fromEntries(Object.entries(probes).map(([route, entry]) => [route, entry.role]));
      expect(ROUTE_ROLES as Record<string, string>).toEqual(roles);
    });

    for (const [route, entry] of Object.entries(probes)) {
      test(`${route}: ${entry.role}`, async () => {
        for (const caller of CALLERS) {
          const client = entry.signsOut ? await world.signIn[caller]() : world.callers[caller];
          const answer = await call(client, route, entry);
          const want = expected(entry.role, caller);
          if (want === "pass") {
            if ([401, 403, 500].includes(answer.status)) {
              throw new Error(`${caller} was refused ${route}: ${answer.status} ${answer.text}`);
            }
          } else {
            if (answer.status !== want.status || answer.json?.code !== want.code) {
              throw new Error(
                `${caller} on ${route}: expected ${want.status} ${want.code}, got ${answer.status} ${answer.text}`,
              );
            }
            expectRefusal(answer, want);
          }
        }
        if (entry.role === "customer") {
          // Staff hold the customer role in the dummy view only, where writes are read-only (403).
          const headers = { "x-dummy-org": world.orgId };
          // The document lists the dummy view's credentials exactly where it is not refused.
          const [method, path] = route.split(" ") as [string, string];
          const security: Record<string, unknown>[] =
            world.document.paths[documentPathOf(path)][method.toLowerCase()].security;
          const listed = security.some((requirement) => "dummyOrg" in requirement);
          for (const caller of ["agent", "siteAdmin"] as const) {
            const answer = await call(world.callers[caller], route, entry, headers);
            expect(answer.status).not.toBe(401);
            expect(answer.status).not.toBe(500);
            if (answer.status === 403) expect(answer.json.code).toBe("dummy_read_only");
            const refused = answer.status === 403;
            expect({ route, caller, listed }).toEqual({ route, caller, listed: !refused });
          }
        }
      });
    }

    test("a route missing from the table is refused with a 500, whoever calls it", async () => {
      const app = createApp(world.t.context);
      app.get("/api/roles-probe-without-role", (c) => c.json({ status: 200, secret: "leaked" }));
      for (const caller of ["anonymous", "siteAdmin"] as const) {
        const client = world.callers[caller];
        const answer = await app.request("/api/roles-probe-without-role", {
          headers: { cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
        });
        expect(answer.status).toBe(500);
        expect(await answer.text()).not.toContain("leaked");
      }
    });

    test("the API document carries each operation's role and how to authenticate for it", async () => {
      const document = (await world.callers.anonymous.get("/api/openapi.json")).json;
      expect(Object.keys(document.components.securitySchemes).sort()).toEqual(
        ["csrfCookie", "csrfHeader", "dummyOrg", "dummyOrgQuery", "session", "token"].sort(),
      );
      expect(document.components.securitySchemes.token).toMatchObject({
        in: "header",
        name: "Authorization",
      });
      expect(document.components.securitySchemes.csrfHeader).toMatchObject({
        in: "header",
        name: "X-CSRFToken",
      });
      expect(document.components.securitySchemes.dummyOrg).toMatchObject({
        in: "header",
        name: "X-Dummy-Org",
      });
      const operations = Object.entries(document.paths).flatMap(([path, item]) =>
        Object.entries(item as Record<string, Record<string, unknown>>).map(([method, operation]) => ({
          key: `${method.toUpperCase()} ${path.replace(/(.)\/+$/, "$1")}`,
          operation,
        })),
      );
      const documented = (route: string) => route.replace(/:([A-Za-z_]+)(\{[^/]*\})?/g, "{$1}");
      for (const [route, entry] of Object.entries(probes)) {
        const found = operations.find(({ key }) => key === documented(route));
        expect({ route, role: found?.operation["x-role"] }).toEqual({ route, role: entry.role });
        expect(found?.operation.description).toContain(`Role: ${entry.role}.`);
      }
      const validation = operations.find(({ key }) => key === "POST /api/management/admin/validation");
      expect(validation?.operation.security).toEqual([
        { session: [], csrfCookie: [], csrfHeader: [] },
        { token: [], csrfCookie: [], csrfHeader: [] },
      ]);
      expect(operations.find(({ key }) => key === "GET /api/health")?.operation.security).toEqual([]);
      // A public write still sends the CSRF pair; the one-click unsubscribe (a signed token in its
      // path, posted by mail programs without cookies) sends nothing (csrf.ts TOKEN_POSTS).
      const security = (key: string) =>
        operations.find((operation) => operation.key === key)?.operation.security;
      expect(security("POST /api/management/admin/signin")).toEqual([{ csrfCookie: [], csrfHeader: [] }]);
      expect(security("POST /api/reports/unsubscribe/{token}")).toEqual([]);
      const run = operations.find(({ key }) => key === "GET /api/management/customer/detail");
      expect(run?.operation.security).toContainEqual({ session: [], dummyOrg: [] });
    });

    describe("agents read the back office and change nothing in it (trust issue, Roles)", () => {
      /** A year with a questionnaire, a service area and a generated result: what the agent must not touch. */
      async function yearOfOrg() {
        const { db } = world.t.context.database;
        const year = 2024;
        await db
          .insert(organisationYears)
          .values({ organisationId: world.orgId, year, fileState: "uploaded" })
          .onConflictDoNothing();
        await db
          .insert(serviceAreas)
          .values({ organisationId: world.orgId, year, zipcode: "46201", type: "PSA" })
          .onConflictDoNothing();
        await db
          .insert(questionnaires)
          .values({
            organisationId: world.orgId,
            year: 2025,
            state: "under_analysis",
            data: { own_rehab: "Yes" },
          })
          .onConflictDoNothing();
        const rows = async () => ({
          years: await db
            .select()
            .from(organisationYears)
            .where(eq(organisationYears.organisationId, world.orgId)),
          validations: await db.select().from(validations).where(eq(validations.organisationId, world.orgId)),
          results: await db.select().from(schemeResults).where(eq(schemeResults.organisationId, world.orgId)),
          questionnaires: await db
            .select()
            .from(questionnaires)
            .where(eq(questionnaires.organisationId, world.orgId)),
        });
        return { year, rows };
      }

      test("validations, generators, scoring and the questionnaire's review refuse an agent with 403", async () => {
        const { year, rows } = await yearOfOrg();
        const before = await rows();
        const agent = world.callers.agent;
        const org = world.orgId;
        const attempts = [
          ...["facility", "provider", "global"].flatMap((type) => [
            agent.post("/api/management/admin/validation/", { year, type, organization_uuid: org }),
            agent.patch("/api/management/admin/validation/", { year, type, organization_uuid: org }),
          ]),
          ...[
            ["service_capabilities", "SC"],
            ["macro_capabilities", "MC"],
            ["market_capabilities", "MP"],
          ].map(([path, kind]) =>
            agent.post(`/api/management/schemes/${path}/generate/`, { kind, organization: org, year }),
          ),
          agent.post("/api/management/admin/scoring/", { organization_uuid: org, year }),
          ...["update", "validate"].map((kind) =>
            agent.patch("/api/management/schemes/questionnaire/", {
              questionnaire: { own_rehab: "No" },
              year: 2025,
              organization_uuid: org,
              kind,
            }),
          ),
          agent.post("/api/management/schemes/questionnaire/allow/", { organization_id: org, year }),
        ];
        for (const answer of await Promise.all(attempts)) {
          expectRefusal(answer, FORBIDDEN);
          expect(answer.json.detail).toBe("Agents cannot do this.");
        }
        expect(await rows()).toEqual(before);
      });

      test("an agent reads the customer and its year, as the back office shows them", async () => {
        const { year } = await yearOfOrg();
        const agent = world.callers.agent;
        const overview = await agent.post("/api/management/admin/organization/", { id: world.orgId });
        expect(overview.status).toBe(200);
        const detail = await agent.post("/api/management/admin/organization/", {
          full: true,
          id: world.orgId,
          year,
        });
        expect(detail.status).toBe(200);
        const questionnaire = await agent.post("/api/management/schemes/questionnaire/detail/", {
          organization_id: world.orgId,
          year: 2025,
        });
        expect(questionnaire.status).toBe(200);
      });

      test("the staff detail lists the calls each staff role may make, from the table", async () => {
        const agent = (await world.callers.agent.get("/api/management/admin/detail/")).json.permissions;
        const siteAdmin = (await world.callers.siteAdmin.get("/api/management/admin/detail/")).json
          .permissions;
        expect(agent).toContain("POST /api/management/admin/organization");
        expect(agent).not.toContain("POST /api/management/admin/validation");
        expect(agent).not.toContain("POST /api/management/schemes/questionnaire/allow");
        expect(siteAdmin).toContain("POST /api/management/admin/validation");
        expect(siteAdmin).toContain("POST /api/management/schemes/questionnaire/allow");
        expect(siteAdmin).not.toContain("POST /api/management/schemes/questionnaire"); // the customer admin's
      });
    });
  });
}
