import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import { organisationYears } from "../../db/schema/index.ts";
import { versionsAnswer } from "../../http/answers/admin.ts";
import { readJson } from "../../http/body.ts";
import { invalidToken, notFound } from "../../http/errors.ts";
import { restoreVersionBodyExample } from "../../http/examples/requestBodies.ts";
import { versionsExample } from "../../http/examples/years.ts";
import { requireStaff } from "../../http/middleware/guards.ts";
import { describe } from "../../http/openapi/declare.ts";
import { restorePracticeVersion, versionsOf } from "../../ingest/versions.ts";
import { findOrganisation } from "../../organisations/present.ts";
import { fourDigitYear } from "../../organisations/yearField.ts";

export const restoreBody = z.strictObject({
  organization: z.uuid("must be an organisation id (UUID)"),
  year: fourDigitYear,
  version: z.uuid("must be a version id (UUID)"),
});

/**
 * POST /api/management/admin/customer/year-version/restore/: a site admin switches an earlier
 * accepted version of a year back in (atomically, like an upload; recorded as a new version).
 * Answers the year's versions after the switch.
 */
export const yearVersionRoutes = new Hono<AppEnv>().post(
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
    const [year] = await db
      .select({
        currentVersionId: organisationYears.currentVersionId,
        heldVersionId: organisationYears.heldVersionId,
      })
      .from(organisationYears)
      .where(
        and(eq(organisationYears.organisationId, organisation.id), eq(organisationYears.year, body.year)),
      );
    return c.json({
      status: 200,
      detail: `The earlier version of ${body.year} is restored (data version ${restored.dataVersion}).`,
      versions: await versionsOf(db, organisation.id, body.year, {
        currentId: year?.currentVersionId ?? null,
        heldId: year?.heldVersionId ?? null,
      }),
    });
  },
);
