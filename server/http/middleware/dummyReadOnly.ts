import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import { forbidden } from "../errors.ts";

export const DUMMY_HEADER = "X-Dummy-Org";
export const DUMMY_READ_ONLY =
  "Dummy mode is read-only: changes are not allowed while viewing as the customer.";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * POST calls that only compute and change nothing (running an analysis, reading a scheme's detail).
 * They are allowed in dummy mode; every other unsafe call is a write.
 */
const READ_ONLY_POSTS: RegExp[] = [
  /^\/api\/management\/queries\/(?!save\/)[^/]+\/?$/,
  /^\/api\/management\/scoring\/(result|detail)\/?$/,
  /^\/api\/management\/schemes\/[a-z_]+\/detail\/?$/,
];

/**
 * The one write dummy mode allows (customer-area.md section 4: in dummy mode queries are "saved
 * (from is set to the provider's own value)"): staff save, share and delete custom queries for the
 * organisation they view, as the provider; the route (server/engine/savedQueries.ts) refuses agents
 * and non-owners.
 */
const DUMMY_WRITES: RegExp[] = [/^\/api\/management\/queries\/save\/?$/];

/**
 * The dummy view's `org_id` in a customer call's query schema: read by customerScope() from the
 * query string, accepted so a strict parse of the call's own parameters does not refuse it.
 */
export const dummyOrgQueryField = z
  .string()
  .max(36, "must be an organisation id (UUID)")
  .optional()
  .meta({ description: "Staff in the dummy view: the organisation viewed (or the X-Dummy-Org header)." });

/** The organisation a staff request impersonates, if any (header, or org_id as the spec's calls add it). */
export function dummyOrganisationOf(c: Context<AppEnv>): string | undefined {
  if (c.get("session")?.kind !== "admin") return undefined;
  return c.req.header(DUMMY_HEADER) ?? c.req.query("org_id");
}

/**
 * Whether the dummy view may make this call: reads, the POSTs that only compute, saved queries. The
 * document lists the dummy view's credentials on these operations only (openapi/security.ts).
 */
export const dummyAllows = (method: string, path: string) =>
  SAFE_METHODS.has(method.toUpperCase()) ||
  READ_ONLY_POSTS.some((pattern) => pattern.test(path)) ||
  DUMMY_WRITES.some((pattern) => pattern.test(path));

/** Dummy (impersonation) mode is read-only: every write made in it is refused with 403. */
export function dummyReadOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (dummyOrganisationOf(c) !== undefined && !dummyAllows(c.req.method, c.req.path)) {
      throw forbidden(DUMMY_READ_ONLY, "dummy_read_only");
    }
    await next();
  };
}
