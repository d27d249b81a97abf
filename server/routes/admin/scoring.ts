/**
 * /api/management/admin/scoring/: staff generate a year's scoring, once its questionnaire is valid
 * and no scoring exists yet (admin-area.md section 4).
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import { schemeRunAnswer } from "../../http/answers/admin.ts";
import { readJson } from "../../http/body.ts";
import { HttpError } from "../../http/errors.ts";
import { scoreYearBodyExample } from "../../http/examples/requestBodies.ts";
import { schemeRunExample } from "../../http/examples/schemes.ts";
import { requireStaff } from "../../http/middleware/guards.ts";
import { describe } from "../../http/openapi/declare.ts";
import { recipientOf } from "../../live/notifications.ts";
import { loadYearActions } from "../../organisations/yearState.ts";
import { enqueueScheme, schemeEntry } from "../../schemes/schemeJob.ts";
import { findOrganisationYear, organisationIdField, yearField } from "../schemes/schemeBodies.ts";

export const scoringBody = z.strictObject({ organization_uuid: organisationIdField, year: yearField });

export const adminScoringRoutes = new Hono<AppEnv>().post(
  "/",
  requireStaff(),
  describe({
    summary: "Run the scoring of an organisation's year (queued job).",
    tags: ["Back office: schemes"],
    body: scoringBody,
    bodyExample: scoreYearBodyExample,
    answer: {
      description: "The scoring's entry now (running) and the queued job's id.",
      schema: schemeRunAnswer,
      example: schemeRunExample,
    },
  }),
  async (c) => {
    const body = await readJson(c, scoringBody);
    const { organisation } = await findOrganisationYear(c, body.organization_uuid, body.year);
    const gate = (await loadYearActions(c.var.app, organisation.id, body.year)).scoring;
    if (!gate.allowed) throw new HttpError(400, gate.message).withCode("not_ready");
    const data = { organisationId: organisation.id, year: body.year, schemeId: "scoring" as const };
    const job = await enqueueScheme(c.var.app, data, recipientOf(c.var.session!));
    return c.json({ status: 200, data: await schemeEntry(c.var.app, data), job });
  },
);
