/**
 * /api/management/scoring/: the Strategic Vitality Score as the customer reads it (result) and the
 * stored scoring scheme of a year (detail). Reads only: allowed in dummy mode.
 */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import { organisationYears, schemeResults } from "../../db/schema/index.ts";
import { schemeResultAnswer, scoresAnswer } from "../../http/answers/schemes.ts";
import { readJson } from "../../http/body.ts";
import { HttpError, invalidToken } from "../../http/errors.ts";
import { schemeResultExample } from "../../http/examples/schemes.ts";
import { dummyOrganisationOf } from "../../http/middleware/dummyReadOnly.ts";
import { describe } from "../../http/openapi/declare.ts";
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

const resultBody = z.strictObject({ org_id: organisationIdField.optional() });

export const scoringRoutes = new Hono<AppEnv>()
  // The latest enabled year that has a scoring; a customer always reads its own organisation.
  .post(
    "/result",
    describe({
      summary: "The latest scores of the organisation (staff name org_id).",
      tags: ["Schemes: scoring"],
      body: resultBody,
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
      const [latest] = await c.var.app.database.db
        .select({ year: schemeResults.year, result: schemeResults.result })
        .from(schemeResults)
        .innerJoin(
          organisationYears,
          and(
            eq(organisationYears.organisationId, schemeResults.organisationId),
            eq(organisationYears.year, schemeResults.year),
          ),
        )
        .where(
          and(
            eq(schemeResults.organisationId, organisationId),
            eq(schemeResults.kind, "SCORING"),
            isNotNull(schemeResults.result),
            eq(organisationYears.enabled, true),
          ),
        )
        .orderBy(desc(schemeResults.year))
        .limit(1);
      const parsed = latest ? scores.safeParse(latest.result) : undefined;
      return c.json({ status: 200, data: parsed?.success ? { ...parsed.data, year: latest!.year } : null });
    },
  )
  .post(
    "/detail",
    describe({
      summary: "The scoring scheme of an organisation's year.",
      tags: ["Schemes: scoring"],
      body: detailBody,
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
