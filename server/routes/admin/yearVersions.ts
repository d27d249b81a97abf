import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { organisationYears } from "../../db/schema/index.ts";
import { versionsAnswer, versionsPageAnswer } from "../../http/answers/admin.ts";
import { parseParam, readJson, readQuery } from "../../http/body.ts";
import { invalidToken, notFound } from "../../http/errors.ts";
import { restoreVersionBodyExample } from "../../http/examples/requestBodies.ts";
import { versionsExample, versionsPageExample } from "../../http/examples/years.ts";
import { requireStaff } from "../../http/middleware/guards.ts";
import { describe } from "../../http/openapi/declare.ts";
import { pageQuery } from "../../http/pagination.ts";
import { restorePracticeVersion, VERSIONS_PAGE, versionsOf } from "../../ingest/versions.ts";
import { findOrganisation } from "../../organisations/present.ts";
import { fourDigitYear } from "../../organisations/yearField.ts";

export const restoreBody = z.strictObject({
  organization: z.uuid("must be an organisation id (UUID)"),
  year: fourDigitYear,
  version: z.uuid("must be a version id (UUID)"),
});

const versionsPage = pageQuery(VERSIONS_PAGE);

const organisationIdParam = z.uuid("must be an organisation id (UUID)");

/** The year's current and held versions, marked in its list. */
async function versionMarks(db: Db, organisationId: string, year: number) {
  const [row] = await db
    .select({
      currentId: organisationYears.currentVersionId,
      heldId: organisationYears.heldVersionId,
    })
    .from(organisationYears)
    .where(and(eq(organisationYears.organisationId, organisationId), eq(organisationYears.year, year)));
  return row;
}

/**
 * GET /api/management/admin/customer/year-version/{orgid}/{year}/: a page of a year's accepted
 * versions, newest first (each upload and restore adds one, without bound); the year detail carries
 * the first page and its `versions_next_cursor`. Staff, agents included (a read).
 *
 * POST /api/management/admin/customer/year-version/restore/: a site admin switches an earlier
 * accepted version of a year back in (atomically, like an upload; recorded as a new version).
 * Answers the first page of the year's versions after the switch.
 */
export const yearVersionRoutes = new Hono<AppEnv>()
  .get(
    "/:orgid/:year",
    requireStaff(),
    describe({
      summary: "A page of a year's accepted versions, newest first (staff).",
      tags: ["Back office: years"],
      query: versionsPage,
      answer: {
        description: "The page's versions and the cursor of the next page.",
        schema: versionsPageAnswer,
        example: versionsPageExample,
      },
    }),
    async (c) => {
      const page = readQuery(c, versionsPage);
      const organisationId = parseParam(organisationIdParam, c.req.param("orgid"), "orgid");
      const year = parseParam(fourDigitYear, c.req.param("year"), "year");
      const { db } = c.var.app.database;
      const marks = await versionMarks(db, organisationId, year);
      if (!marks) throw notFound("Year not found.");
      const { versions, nextCursor } = await versionsOf(db, organisationId, year, marks, page);
      return c.json({ status: 200, versions, next_cursor: nextCursor });
    },
  )
  .post(
    "/restore",
    requireStaff({ siteAdmin: true }),
    describe({
      summary: "Restore an earlier version of a year's practice file as its current one.",
      tags: ["Back office: years"],
      body: restoreBody,
      bodyExample: restoreVersionBodyExample,
      answer: {
        description: "The year's versions after the restore.",
        schema: versionsAnswer,
        example: versionsExample,
      },
      refusals: { 409: "The version's file is no longer kept, or it is the current one." },
    }),
    async (c) => {
      const session = c.var.session;
      if (session?.kind !== "admin") throw invalidToken();
      const body = await readJson(c, restoreBody);
      const { db } = c.var.app.database;
      const organisation = await findOrganisation(db, body.organization);
      if (!organisation) throw notFound("Organisation not found.");
      const restored = await restorePracticeVersion(c.var.app, {
        organisationId: organisation.id,
        year: body.year,
        versionId: body.version,
        staffId: session.staff.id,
      });
      const marks = (await versionMarks(db, organisation.id, body.year)) ?? { currentId: null, heldId: null };
      const { versions, nextCursor } = await versionsOf(db, organisation.id, body.year, marks);
      return c.json({
        status: 200,
        detail: `The earlier version of ${body.year} is restored (data version ${restored.dataVersion}).`,
        versions,
        next_cursor: nextCursor,
      });
    },
  );
