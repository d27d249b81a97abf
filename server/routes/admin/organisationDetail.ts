import { and, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import { organisationYears } from "../../db/schema/index.ts";
import { flushQueryUsage } from "../../engine/usage.ts";
import { organisationReadAnswer } from "../../http/answers/admin.ts";
import { parseBody } from "../../http/body.ts";
import { HttpError, notFound } from "../../http/errors.ts";
import { organisationYearDictExample } from "../../http/examples/years.ts";
import { parseJsonBody } from "../../http/jsonText.ts";
import { requireStaff } from "../../http/middleware/guards.ts";
import { describe } from "../../http/openapi/declare.ts";
import { readBodyText } from "../../http/textSafety.ts";
import { customersList, organisationYearDict } from "../../organisations/customersList.ts";
import { organisationDetail } from "../../organisations/organisationDetail.ts";
import { findOrganisation } from "../../organisations/present.ts";
import { yearDetail } from "../../organisations/yearDetail.ts";
import { fourDigitYear } from "../../organisations/yearField.ts";

export const organisationRequest = z
  .strictObject({
    id: z.uuid("must be an organisation id (UUID)").optional(),
    full: z.boolean({ error: "must be true or false" }).optional(),
    year: fourDigitYear.optional(),
  })
  .superRefine((body, context) => {
    if (body.full && body.id === undefined) {
      context.addIssue({ code: "custom", path: ["id"], message: "is required with full" });
    }
    if (body.full && body.year === undefined) {
      context.addIssue({ code: "custom", path: ["year"], message: "is required with full" });
    }
    if (!body.full && body.id !== undefined && body.year !== undefined) {
      context.addIssue({
        code: "custom",
        path: ["full"],
        message: "must be true to read one year of an organisation ({full: true, id, year})",
      });
    }
  });

/** The body is optional: no body reads as {} (the customers list). When present it is JSON. */
export async function optionalJson(c: Context<AppEnv>): Promise<unknown> {
  const text = await readBodyText(c);
  if (text.trim() === "") return {};
  if (!(c.req.header("content-type") ?? "").includes("application/json")) {
    throw new HttpError(415, "Content-Type must be application/json.");
  }
  return parseJsonBody(text);
}

/**
 * POST /api/management/admin/organization/ (staff, agents included: reads only). One call, four
 * answers (README.md beside this file): {} the customers list; {id} one customer; {full, id, year}
 * one customer and that year's data; {year} every organisation's progress for that year.
 */
export const adminOrganisationRoutes = new Hono<AppEnv>().post(
  "/",
  requireStaff(),
  describe({
    summary:
      "Staff read customers: {} the list; {id} one customer; {full, id, year} one customer's year; {year} every organisation's progress that year. The body is optional.",
    tags: ["Back office: customers"],
    body: organisationRequest,
    bodyExample: { full: true, id: "3b0f7c1e-5a2d-4c8e-9f14-6d2a7b9e0c51", year: 2024 },
    answer: {
      description:
        "By the body's form: {} `organizations`; {year} `year` and `org_year_dict`; {id} `organization`; {full, id, year} `organization`, `year` and `data`.",
      schema: organisationReadAnswer,
      example: organisationYearDictExample,
    },
  }),
  async (c) => {
    const body = parseBody(c, organisationRequest, await optionalJson(c));
    const { db } = c.var.app.database;
    if (body.id === undefined) {
      if (body.year === undefined) return c.json({ status: 200, organizations: await customersList(db) });
      return c.json({
        status: 200,
        year: body.year,
        org_year_dict: await organisationYearDict(db, body.year),
      });
    }
    const organisation = await findOrganisation(db, body.id);
    if (!organisation) throw notFound("Organisation not found.");
    await flushQueryUsage(c.var.app); // the usage chart counts this process's buffered runs
    const organization = await organisationDetail(db, organisation);
    if (!body.full || body.year === undefined) return c.json({ status: 200, organization });

    const [yearRow] = await db
      .select()
      .from(organisationYears)
      .where(
        and(eq(organisationYears.organisationId, organisation.id), eq(organisationYears.year, body.year)),
      );
    if (!yearRow) throw notFound(`${organisation.name} has no year ${body.year}.`);
    return c.json({
      status: 200,
      organization,
      year: body.year,
      data: await yearDetail(db, c.var.app.config.dataDir, organisation.id, yearRow),
    });
  },
);
