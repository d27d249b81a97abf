/**
 * How a client authenticates, made machine-readable: the document's securitySchemes, and on each
 * operation its `security` and its role (`x-role`, and a sentence in its description), read from the
 * one role table (server/http/roles/routeRoles.ts, docs/roles.md).
 */
import type { OpenAPIV3_1 } from "openapi-types";
import { CSRF_COOKIE, CSRF_HEADER, TOKEN_POSTS } from "../middleware/csrf.ts";
import { DUMMY_HEADER, dummyAllows } from "../middleware/dummyReadOnly.ts";
import { SESSION_COOKIE } from "../middleware/session.ts";
import { ROLES, type Role } from "../roles/roles.ts";
import { ROUTE_ROLES } from "../roles/routeRoles.ts";

const SECURITY_SCHEMES: Record<string, OpenAPIV3_1.SecuritySchemeObject> = {
  session: {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description:
      "The session: set (HttpOnly) by a sign-in (POST /api/management/admin/signin/ for staff, the e-mailed link GET /api/services/auth/signin/{token} for customers); ended by POST /api/admin/logout/.",
  },
  token: {
    type: "apiKey",
    in: "header",
    name: "Authorization",
    description:
      "The same session token for API clients, as `Authorization: Token <token>` (the `token` of the sign-in answer).",
  },
  csrfCookie: {
    type: "apiKey",
    in: "cookie",
    name: CSRF_COOKIE,
    description: "Set by any answer to a request without it; every POST, PATCH and DELETE sends it back.",
  },
  csrfHeader: {
    type: "apiKey",
    in: "header",
    name: CSRF_HEADER,
    description: `Every POST, PATCH and DELETE echoes the \`${CSRF_COOKIE}\` cookie's value here (double-submit); otherwise 403.`,
  },
  dummyOrg: {
    type: "apiKey",
    in: "header",
    name: DUMMY_HEADER,
    description:
      "Staff only: the organisation (id) viewed in the read-only dummy view, for the customer area's calls; writes are refused with 403 (saved queries excepted).",
  },
  dummyOrgQuery: {
    type: "apiKey",
    in: "query",
    name: "org_id",
    description: `The dummy view's organisation as a query parameter, as \`${DUMMY_HEADER}\` (the header wins).`,
  },
};

/**
 * The document's Authentication section (Markdown, in info.description): how a client signs in and
 * what it sends after, in the words of the credentials below.
 */
export const AUTHENTICATION_WORDS = `## Authentication

Each call lists the credentials it takes and its role (who may make it: docs/roles.md). Public calls need no session; their writes still send the CSRF pair.

- Customers sign in with an e-mailed link: \`POST /api/services/auth/signin/\` sends it, \`GET /api/services/auth/signin/{token}\` opens the session. Staff sign in with \`POST /api/management/admin/signin/\` (username and password).
- Both answers set the session cookie \`${SESSION_COOKIE}\` (HttpOnly) and return the same token: a browser sends the cookie, an API client sends \`Authorization: Token <token>\`. \`POST /api/admin/logout/\` ends the session.
- Every POST, PATCH and DELETE also sends the CSRF pair: the \`${CSRF_COOKIE}\` cookie (set by any answer) and its value in the \`${CSRF_HEADER}\` header; without them the call is refused (403).
- Staff read a customer's area read-only (the dummy view) by naming the organisation's id in the \`${DUMMY_HEADER}\` header (or \`org_id\` in the query string).`;

const SAFE = new Set(["get", "head", "options"]);

/** The ways to call an operation of a role: one requirement object per accepted credential set. */
function requirementsOf(role: Role, method: string, path: string): OpenAPIV3_1.SecurityRequirementObject[] {
  // The one-click unsubscribe POST carries its signed token in the path (csrf.ts TOKEN_POSTS).
  const csrf: OpenAPIV3_1.SecurityRequirementObject =
    SAFE.has(method) || TOKEN_POSTS.test(path) ? {} : { csrfCookie: [], csrfHeader: [] };
  if (role === "public") return Object.keys(csrf).length === 0 ? [] : [csrf];
  const signedIn: OpenAPIV3_1.SecurityRequirementObject[] = [
    { session: [], ...csrf },
    { token: [], ...csrf },
  ];
  // The dummy view's credentials only where it may make the call: its other writes are refused (403).
  if ((role !== "customer" && role !== "customerOrSiteAdmin") || !dummyAllows(method, path)) return signedIn;
  const dummy = signedIn.flatMap((credentials) => [
    { ...credentials, dummyOrg: [] },
    { ...credentials, dummyOrgQuery: [] },
  ]);
  return [...signedIn, ...dummy];
}

/** The document's path of a Hono path: `:name{regex}` and `:name` become `{name}`. */
const documentPathOf = (path: string) => path.replace(/:([A-Za-z_]+)(\{[^/]*\})?/g, "{$1}");

export function withSecurity(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const roleByOperation = new Map<string, Role>();
  for (const [key, role] of Object.entries(ROUTE_ROLES)) {
    const [method, path] = key.split(" ") as [string, string];
    roleByOperation.set(`${method.toLowerCase()} ${documentPathOf(path)}`, role);
  }
  document.components = {
    ...document.components,
    securitySchemes: { ...document.components?.securitySchemes, ...SECURITY_SCHEMES },
  };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, value] of Object.entries(item ?? {})) {
      const operation = value as OpenAPIV3_1.OperationObject;
      // A path ends with or without its slash as Hono registers it; the table has none.
      const role = roleByOperation.get(`${method} ${path.replace(/(.)\/+$/, "$1")}`);
      if (!role || typeof operation !== "object") continue;
      operation.security = requirementsOf(role, method, path);
      (operation as Record<string, unknown>)["x-role"] = role;
      const sentence = `Role: ${role}. ${ROLES[role]}`;
      operation.description = operation.description ? `${operation.description}\n\n${sentence}` : sentence;
    }
  }
  return document;
}
