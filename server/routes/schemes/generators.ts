/**
 * /api/management/schemes/{service_capabilities,macro_capabilities,market_capabilities}/: staff
 * generate a year's service capabilities (SC), macro capabilities (MC) and market profile (MP)
 * behind the gates of admin-area.md section 4, and read the stored result (detail).
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import type { schemeKinds } from "../../db/schema/index.ts";
import { schemeRunAnswer } from "../../http/answers/admin.ts";
import { generatedSchemaAnswer } from "../../http/answers/schemes.ts";
import { readJson } from "../../http/body.ts";
import { HttpError } from "../../http/errors.ts";
import { generateBodyExample, organisationYearBodyExample } from "../../http/examples/requestBodies.ts";
import { generatedSchemaExample, schemeRunExample } from "../../http/examples/schemes.ts";
import { requireStaff } from "../../http/middleware/guards.ts";
import { describe } from "../../http/openapi/declare.ts";
import { recipientOf } from "../../live/notifications.ts";
import { loadYearActions } from "../../organisations/yearState.ts";
import type { SchemeId } from "../../schemes/catalogue.ts";
import { enqueueScheme, schemeEntry } from "../../schemes/schemeJob.ts";
import { findSchemeResult } from "../../schemes/store.ts";
import {
  checkReadable,
  detailBody,
  findOrganisationYear,
  organisationIdField,
  yearField,
} from "./schemeBodies.ts";

type GeneratorKind = Exclude<(typeof schemeKinds)[number], "SCORING">;

interface Generator {
  kind: GeneratorKind;
  schemeId: SchemeId;
  gate: "service_capabilities" | "macro_capabilities" | "market_profile";
}

/** The path segment of each call (market_capabilities runs the market_profile scheme). */
export const GENERATORS: Record<string, Generator> = {
  service_capabilities: { kind: "SC", schemeId: "service_capabilities", gate: "service_capabilities" },
  macro_capabilities: { kind: "MC", schemeId: "macro_capabilities", gate: "macro_capabilities" },
  market_capabilities: { kind: "MP", schemeId: "market_profile", gate: "market_profile" },
};

/** The body of a generator's POST .../generate/: its own kind (SC, MC or MP), the organisation, the year. */
export const generateBodyOf = <Kind extends GeneratorKind>(kind: Kind) =>
  z.strictObject({
    kind: z.literal(kind, { error: `must be '${kind}'` }),
    organization: organisationIdField,
    year: yearField,
  });

function generatorRoutes(generator: Generator) {
  const generateBody = generateBodyOf(generator.kind);
  return new Hono<AppEnv>()
    .post(
      "/generate",
      requireStaff(),
      describe({
        summary: "Generate this capability scheme for an organisation's year (queued job; staff).",
        tags: ["Schemes: capabilities"],
        body: generateBody,
        bodyExample: generateBodyExample(generator.kind),
        answer: {
          description: "The scheme's entry now (running) and the queued job's id.",
          schema: schemeRunAnswer,
          example: schemeRunExample,
        },
      }),
      async (c) => {
        const session = c.var.session!;
        const body = await readJson(c, generateBody);
        const { organisation } = await findOrganisationYear(c, body.organization, body.year);
        const gate = (await loadYearActions(c.var.app, organisation.id, body.year))[generator.gate];
        if (!gate.allowed) throw new HttpError(400, gate.message).withCode("not_ready");
        const data = { organisationId: organisation.id, year: body.year, schemeId: generator.schemeId };
        const job = await enqueueScheme(c.var.app, data, recipientOf(session));
        return c.json({ status: 200, data: await schemeEntry(c.var.app, data), job });
      },
    )
    .post(
      "/detail",
      describe({
        summary: "The generated capability scheme of an organisation's year.",
        tags: ["Schemes: capabilities"],
        body: detailBody,
        bodyExample: organisationYearBodyExample,
        answer: {
          description: "The generated result, or null before the first run.",
          schema: generatedSchemaAnswer,
          example: generatedSchemaExample,
        },
      }),
      async (c) => {
        const body = await readJson(c, detailBody);
        await checkReadable(c, body.organization_id);
        const row = await findSchemeResult(
          c.var.app.database.db,
          body.organization_id,
          body.year,
          generator.kind,
        );
        return c.json({ status: 200, schema: row?.result ?? null });
      },
    );
}

export const generatorSchemeRoutes = new Hono<AppEnv>()
  .route("/service_capabilities", generatorRoutes(GENERATORS.service_capabilities!))
  .route("/macro_capabilities", generatorRoutes(GENERATORS.macro_capabilities!))
  .route("/market_capabilities", generatorRoutes(GENERATORS.market_capabilities!));
