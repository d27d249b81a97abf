/**
 * The audit trail, read (docs/operations.md "Audit trail"): site admins read any organisation's in
 * the back office (GET /api/management/admin/audit/{orgid}/; `site` for the writes of no
 * organisation, on the Parameters screen), an organisation's customer admins
 * read their own (GET /api/management/customer/audit/); each as a page of JSON or as CSV (/export).
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { auditCsv } from "../audit/auditCsv.ts";
import { auditExportRows, auditPage, auditQuery, SITE } from "../audit/readTrail.ts";
import type { AppEnv } from "../context.ts";
import { auditListAnswer } from "../http/answers/audit.ts";
import { parseParam, readQuery } from "../http/body.ts";
import { invalidToken, notFound } from "../http/errors.ts";
import { AUDIT_CSV_EXAMPLE, auditPageExample } from "../http/examples/analyses.ts";
import { requireCustomerAdmin, requireStaff } from "../http/middleware/guards.ts";
import { describe } from "../http/openapi/declare.ts";
import { findOrganisation } from "../organisations/present.ts";

const DEFAULT_PAGE = 50;
const organisationIdParam = z.union([z.uuid(), z.literal(SITE)], {
  error: "must be an organisation id (UUID), or site for the site-wide writes",
});

type OrganisationOf = (c: Context<AppEnv>) => Promise<string>;

function trailRoutes(
  organisationOf: OrganisationOf,
  guard: ReturnType<typeof requireStaff>,
  words: { who: string; tags: string[] },
  prefix: "/" | "/:orgid",
) {
  const exportPath = prefix === "/" ? "/export" : "/:orgid/export";
  return new Hono<AppEnv>()
    .get(
      prefix,
      guard,
      describe({
        summary: `The organisation's audit trail, newest first, a page at a time (${words.who}).`,
        description:
          "Every write by the organisation's users, staff and the system: who, when, what and the values before and after. Filters: `from`/`to` (days, UTC, inclusive), `actor` (part of an e-mail or username, an id, a role such as `system`), `action` (`user.update`, or a family: `user`). Pass `next_cursor` as `cursor` for the older page.",
        tags: words.tags,
        query: auditQuery,
        answer: { description: "A page of the trail.", schema: auditListAnswer, example: auditPageExample },
        refusals: { 404: "No such organisation." },
      }),
      async (c) => {
        const { limit, cursor, org_id: _ignored, ...filters } = readQuery(c, auditQuery);
        const organisationId = await organisationOf(c);
        const page = await auditPage(c.var.app.database.db, organisationId, filters, {
          limit: limit ?? DEFAULT_PAGE,
          cursor,
        });
        c.header("Cache-Control", "private, no-store");
        return c.json({ status: 200 as const, events: page.events, next_cursor: page.nextCursor });
      },
    )
    .get(
      exportPath,
      guard,
      describe({
        summary: `The organisation's audit trail as CSV, with the list's filters (${words.who}).`,
        tags: words.tags,
        query: auditQuery,
        answer: {
          description: "The matching events, newest first (at most 50,000: export a date range at a time).",
          media: "text/csv",
          schema: z.string(),
          example: AUDIT_CSV_EXAMPLE,
        },
        refusals: { 404: "No such organisation." },
      }),
      async (c) => {
        const { limit: _limit, cursor: _cursor, org_id: _ignored, ...filters } = readQuery(c, auditQuery);
        const organisationId = await organisationOf(c);
        const events = await auditExportRows(c.var.app.database.db, organisationId, filters);
        return new Response(auditCsv(events), {
          headers: {
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": `attachment; filename="audit-trail-${organisationId}.csv"`,
            "Cache-Control": "private, no-store",
          },
        });
      },
    );
}

/** Site admins, any organisation, named in the path. */
export const adminAuditRoutes = trailRoutes(
  async (c) => {
    const organisationId = parseParam(organisationIdParam, c.req.param("orgid"), "orgid");
    if (organisationId === SITE) return SITE;
    if (!(await findOrganisation(c.var.app.database.db, organisationId))) {
      throw notFound("Organisation not found.");
    }
    return organisationId;
  },
  requireStaff({ siteAdmin: true }),
  { who: "site admins", tags: ["Back office: audit trail"] },
  "/:orgid",
);

/** The organisation's customer admins, their own organisation only (no id is taken from the request). */
export const customerAuditRoutes = trailRoutes(
  async (c) => {
    const session = c.var.session;
    if (session?.kind !== "client") throw invalidToken();
    return session.organisation.id;
  },
  requireCustomerAdmin(),
  { who: "the organisation's admins", tags: ["Customer: audit trail"] },
  "/",
);
