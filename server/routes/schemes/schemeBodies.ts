/** Body fields and look-ups the scheme calls share. */
import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import { organisationYears } from "../../db/schema/index.ts";
import { forbidden, invalidToken, notFound } from "../../http/errors.ts";
import { findOrganisation } from "../../organisations/present.ts";
import { YEAR_MESSAGE } from "../../organisations/yearField.ts";

/** Years arrive as 2024 or "2024" (the screens hold them in 4-character inputs). */
export const yearField = z.preprocess(
  (value: number | string) => (typeof value === "string" && /^\d{4}$/.test(value) ? Number(value) : value),
  z.number({ error: YEAR_MESSAGE }).int(YEAR_MESSAGE).min(1900, YEAR_MESSAGE).max(2999, YEAR_MESSAGE),
);

export const organisationIdField = z.uuid("must be an organisation id (UUID)");

export const detailBody = z.strictObject({ organization_id: organisationIdField, year: yearField });

/** The organisation and one of its years, or 404 naming what is missing. */
export async function findOrganisationYear(c: Context<AppEnv>, organisationId: string, year: number) {
  const { db } = c.var.app.database;
  const organisation = await findOrganisation(db, organisationId);
  if (!organisation) throw notFound("Organisation not found.");
  const [row] = await db
    .select({ id: organisationYears.id, enabled: organisationYears.enabled })
    .from(organisationYears)
    .where(and(eq(organisationYears.organisationId, organisation.id), eq(organisationYears.year, year)));
  if (!row) throw notFound(`${organisation.name} has no year ${year}.`);
  return { organisation, year: row };
}

/** Reads of one organisation's scheme results: staff any organisation, a customer its own only. */
export async function checkReadable(c: Context<AppEnv>, organisationId: string) {
  const session = c.var.session;
  if (!session) throw invalidToken();
  if (session.kind === "client") {
    if (organisationId !== session.organisation.id) {
      throw forbidden("You can only read your own organisation's results.");
    }
    return;
  }
  if (!(await findOrganisation(c.var.app.database.db, organisationId)))
    throw notFound("Organisation not found.");
}
