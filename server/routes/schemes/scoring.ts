/**
 * /api/management/scoring/: the Strategic Vitality Score as the customer reads it (result) and the
 * stored scoring scheme of a year (detail). Reads only: allowed in dummy mode.
 */
import { and, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { organisationYears } from "../../db/schema/index.ts";
import { schemeResultAnswer, scoresAnswer } from "../../http/answers/schemes.ts";
import { readJson } from "../../http/body.ts";
import { HttpError, invalidToken } from "../../http/errors.ts";
import { noFieldsBodyExample, organisationYearBodyExample } from "../../http/examples/requestBodies.ts";
import { schemeResultExample } from "../../http/examples/schemes.ts";
import { dummyOrganisationOf } from "../../http/middleware/dummyReadOnly.ts";
import { describe } from "../../http/openapi/declare.ts";
import { readableByCustomers } from "../../organisations/readableYears.ts";
import { findSchemeResult } from "../../schemes/store.ts";
import { checkReadable, detailBody, organisationIdField } from "./schemeBodies.ts";

const SCORE_KEYS = [
  "market_alignement",
  "centricity",
  "competitive_comparison",
  "partnerships",
  "service_mix_and_strength",
  "total",
] as const;

/** The six scores of a stored scoring result (0-20, one decimal). */
const scores = z.object(
  Object.fromEntries(SCORE_KEYS.map((key) => [key, z.number()])) as Record<
    (typeof SCORE_KEYS)[number],
    z.ZodNumber
  >,
);

export const resultBody = z.strictObject({ org_id: organisationIdField.optional() });

/**
 * The scores of the latest year customers read that has a scoring: an enabled year's stored
 * scoring, or, for a year whose newer data is in review, the scores of the version staff enabled
 * (kept in its reviewed summary): the newer data's score shows once staff enable it.
 */
async function latestScores(db: Db, organisationId: string) {
  const years = await db
    .select({
      year: organisationYears.year,
      enabled: organisationYears.enabled,
      held: organisationYears.heldVersionId,
      reviewed: organisationYears.reviewed,
    })
    .from(organisationYears)
    .where(and(eq(organisationYears.organisationId, organisationId), readableByCustomers()))
    .orderBy(desc(organisationYears.year));
  for (const row of years) {
    const stored = row.held
      ? row.reviewed?.scores
      : (await findSchemeResult(db, organisationId, row.year, "SCORING"))?.result;
    const parsed = scores.safeParse(stored);
    if (parsed.success) return { ...parsed.data, year: row.year };
  }
  return null;
}

export const scoringRoutes = new Hono<AppEnv>()
  // The latest enabled year that has a scoring; a customer always reads its own organisation.
  .post(
    "/result",
    describe({
      summary: "The latest scores of the organisation (staff name org_id).",
      tags: ["Schemes: scoring"],
      body: resultBody,
      bodyExample: noFieldsBodyExample,
      answer: {
        description: "The six scores and their year, or null before any enabled year has a scoring.",
        schema: scoresAnswer,
        example: {
          status: 200,
          data: {
            market_alignement: 14.2,
            centricity: 11.5,
            competitive_comparison: 9.8,
            partnerships: 16,
            service_mix_and_strength: 12.4,
            total: 13.6,
            year: 2024,
          },
        },
      },
    }),
    async (c) => {
      const session = c.var.session;
      if (!session) throw invalidToken();
      const body = await readJson(c, resultBody);
      let organisationId: string;
      if (session.kind === "client") organisationId = session.organisation.id;
      else {
        const requested = dummyOrganisationOf(c) ?? body.org_id;
        const parsed = organisationIdField.safeParse(requested);
        if (!parsed.success) {
          throw new HttpError(400, "org_id: must be an organisation id (UUID)", [
            { field: "org_id", message: "must be an organisation id (UUID)" },
          ]);
        }
        organisationId = parsed.data;
        await checkReadable(c, organisationId);
      }
      const latest = await latestScores(c.var.app.database.db, organisationId);
      return c.json({ status: 200, data: latest });
    },
  )
  .post(
    "/detail",
    describe({
      summary: "The scoring scheme of an organisation's year.",
      tags: ["Schemes: scoring"],
      body: detailBody,
      bodyExample: organisationYearBodyExample,
      answer: {
        description: "The scoring scheme's result, or null before the first run.",
        schema: schemeResultAnswer,
        example: schemeResultExample,
      },
    }),
    async (c) => {
      const body = await readJson(c, detailBody);
      await checkReadable(c, body.organization_id);
      const row = await findSchemeResult(c.var.app.database.db, body.organization_id, body.year, "SCORING");
      return c.json({ status: 200, scheme: row?.result ?? null });
    },
  );
