/**
 * POST /api/management/admin/customer/service_area/suggest/ `{organization_uuid, year, shares?}`:
 * a service area proposed from the practice's patients of the year (serviceAreaSuggestion.ts),
 * for staff to review in the 'Add service area' modal before they add it as usual. Writes nothing.
 * Staff site admins only, like the service-area calls (customers 401, agents 403).
 */
import { existsSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import { organisationYears } from "../../db/schema/index.ts";
import { serviceAreaSuggestionAnswer } from "../../http/answers/admin.ts";
import { readJson } from "../../http/body.ts";
import { HttpError, notFound } from "../../http/errors.ts";
import { suggestServiceAreaBodyExample } from "../../http/examples/requestBodies.ts";
import { serviceAreaSuggestionExample } from "../../http/examples/years.ts";
import { requireStaff } from "../../http/middleware/guards.ts";
import { describe } from "../../http/openapi/declare.ts";
import { warehousePaths } from "../../ingest/storage.ts";
import { findOrganisation } from "../../organisations/present.ts";
import { DEFAULT_SHARES, suggestServiceArea } from "../../organisations/serviceAreaSuggestion.ts";
import { fourDigitYear } from "../../organisations/yearField.ts";

const share = z
  .number({ error: "must be a share between 0 and 1 (0.6 = 60%)" })
  .gt(0, "must be more than 0")
  .max(1, "must be at most 1 (100%)");

export const suggestBody = z.strictObject({
  organization_uuid: z.uuid("must be an organisation id (UUID)"),
  year: fourDigitYear,
  shares: z
    .strictObject({ psa: share, ssa: share, tsa: share })
    .refine((value) => value.psa <= value.ssa, { path: ["ssa"], message: "must be at least the PSA share" })
    .refine((value) => value.ssa <= value.tsa, { path: ["tsa"], message: "must be at least the SSA share" })
    .default(DEFAULT_SHARES),
});

export const serviceAreaSuggestRoutes = new Hono<AppEnv>().post(
  "/",
  requireStaff({ siteAdmin: true }),
  describe({
    summary:
      "Suggest a primary and secondary service area from the year's data (the zips holding the given shares of cases).",
    tags: ["Back office: service areas"],
    body: suggestBody,
    bodyExample: suggestServiceAreaBodyExample,
    answer: {
      description: "The suggested zips per area; nothing is written.",
      schema: serviceAreaSuggestionAnswer,
      example: serviceAreaSuggestionExample,
    },
  }),
  async (c) => {
    const body = await readJson(c, suggestBody);
    const { db } = c.var.app.database;
    const { dataDir } = c.var.app.config;
    const organisation = await findOrganisation(db, body.organization_uuid);
    if (!organisation) throw notFound("Organisation not found.");
    const [yearRow] = await db
      .select()
      .from(organisationYears)
      .where(
        and(eq(organisationYears.organisationId, organisation.id), eq(organisationYears.year, body.year)),
      );
    if (!yearRow) throw notFound(`${organisation.name} has no year ${body.year}.`);
    const file = warehousePaths.practiceLines(dataDir, organisation.id, body.year);
    if (yearRow.fileState !== "uploaded" || !existsSync(file)) {
      throw new HttpError(
        400,
        `${organisation.name} has no accepted data file for ${body.year}: the service area is suggested from the practice's patients of the year.`,
      );
    }
    const suggestion = await suggestServiceArea(dataDir, organisation.id, body.year, body.shares);
    return c.json({ status: 200, year: body.year, shares: body.shares, ...suggestion });
  },
);
