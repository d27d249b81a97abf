/**
 * /api/management/admin/validation/: staff run a year's facility, provider or global validation
 * (POST, a background job) or accept one that found problems (PATCH, 'Validate anyway').
 * Both answer the validation as the year detail shows it.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import { validationTypes } from "../../db/schema/index.ts";
import { schemeRunAnswer, validationAnswer } from "../../http/answers/admin.ts";
import { readJson } from "../../http/body.ts";
import { HttpError } from "../../http/errors.ts";
import { markValidationValidBodyExample } from "../../http/examples/requestBodies.ts";
import { schemeRunExample, validationExample } from "../../http/examples/schemes.ts";
import { requireStaff } from "../../http/middleware/guards.ts";
import { describe } from "../../http/openapi/declare.ts";
import { recipientOf } from "../../live/notifications.ts";
import { loadYearActions } from "../../organisations/yearState.ts";
import { validationSchemeId } from "../../schemes/catalogue.ts";
import { enqueueScheme, publishSchemeEvent, schemeEntry } from "../../schemes/schemeJob.ts";
import { validateAnyway } from "../../schemes/store.ts";
import { findOrganisationYear, organisationIdField, yearField } from "../schemes/schemeBodies.ts";

export const validationBody = z.strictObject({
  year: yearField,
  type: z.enum(validationTypes, { error: "must be facility, provider or global" }),
  organization_uuid: organisationIdField,
});

export const validationRoutes = new Hono<AppEnv>()
  .post(
    "/",
    requireStaff(),
    describe({
      summary: "Run a validation (facility, provider or global) of an organisation's year (queued job).",
      tags: ["Back office: schemes"],
      body: validationBody,
      bodyExample: {
        year: 2024,
        type: "facility",
        organization_uuid: "3f0c6a4e-8d1b-4c2a-9f5e-1a2b3c4d5e6f",
      },
      answer: {
        description: "The validation as it stands now (running) and the queued job's id.",
        schema: schemeRunAnswer,
        example: schemeRunExample,
      },
    }),
    async (c) => {
      const body = await readJson(c, validationBody);
      const { organisation } = await findOrganisationYear(c, body.organization_uuid, body.year);
      const gate = (await loadYearActions(c.var.app, organisation.id, body.year))[`${body.type}_validation`];
      if (!gate.allowed) throw new HttpError(400, gate.message).withCode("not_ready");
      const data = {
        organisationId: organisation.id,
        year: body.year,
        schemeId: validationSchemeId(body.type),
      };
      const job = await enqueueScheme(c.var.app, data, recipientOf(c.var.session!));
      return c.json({ status: 200, data: await schemeEntry(c.var.app, data), job });
    },
  )
  .patch(
    "/",
    requireStaff(),
    describe({
      summary: "Validate anyway: mark a validation that found problems valid (the year's 'Validate anyway').",
      description:
        "Marks the year's latest validation of that type valid although its run found problems, so the steps after it may run. Refused (400) when the validation has not run or its gate is closed; a validation already valid is answered as it is.",
      tags: ["Back office: schemes"],
      body: validationBody,
      bodyExample: markValidationValidBodyExample,
      answer: {
        description: "The validation after the change, with its results.",
        schema: validationAnswer,
        example: validationExample,
      },
    }),
    async (c) => {
      const body = await readJson(c, validationBody);
      const { organisation } = await findOrganisationYear(c, body.organization_uuid, body.year);
      const { db } = c.var.app.database;
      const gate = (await loadYearActions(c.var.app, organisation.id, body.year))[
        `${body.type}_validate_anyway`
      ];
      if (!gate.allowed) throw new HttpError(400, gate.message).withCode("not_ready");
      await validateAnyway(db, organisation.id, body.year, body.type);
      const data = {
        organisationId: organisation.id,
        year: body.year,
        schemeId: validationSchemeId(body.type),
      };
      await publishSchemeEvent(c.var.app, data);
      return c.json({ status: 200, data: await schemeEntry(c.var.app, data) });
    },
  );
