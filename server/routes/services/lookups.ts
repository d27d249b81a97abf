/**
 * POST /api/services/lexisnexis/organization/ and /individual/ `{query: "<npi>"}`: a facility or a
 * provider by NPI in the provider registry (server/registry/lookups.ts). Found: `{status: 200, data}`
 * to pre-fill the form; not found: 404 with the spec's message on `query` and `data: null`. Refusals
 * name `query`, the body's field, as every call names the fields it was sent (the form shows them
 * beside its NPI field).
 */
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import { fieldMessage } from "../../forms/fieldRules.ts";
import { atMost, LINE_MAX } from "../../forms/textLimits.ts";
import {
  individualLookupAnswer,
  lookupNotFound,
  organisationLookupAnswer,
} from "../../http/answers/services.ts";
import { readJson } from "../../http/body.ts";
import { fieldRefusal } from "../../http/errors.ts";
import {
  individualLookupBodyExample,
  organisationLookupBodyExample,
} from "../../http/examples/requestBodies.ts";
import { individualLookupExample, organisationLookupExample } from "../../http/examples/services.ts";
import { describe } from "../../http/openapi/declare.ts";
import { isValidNpi } from "../../reference/npi.ts";
import { findIndividualByNpi, findOrganisationByNpi } from "../../registry/lookups.ts";
import { npiRegistryFor } from "../../registry/registrySource.ts";
import { requireSignedIn } from "./signedIn.ts";

/** admin-area.md section 5, word for word. */
export const NOT_FOUND_MESSAGE =
  "We cannot find what you searched for in the database, but you can add it manually and we will check it.";

export const lookupBody = z.strictObject({
  query: z.string({ error: "must be the NPI to look up" }).trim().max(LINE_MAX, atMost(LINE_MAX)),
});

/** The NPI asked for; a malformed one is refused on `query`. */
async function npiOf(c: Context<AppEnv>) {
  const { query } = await readJson(c, lookupBody);
  if (!isValidNpi(query)) throw fieldRefusal("query", fieldMessage({ format: "npi" }));
  return query;
}

const notFound = (c: Context<AppEnv>) =>
  c.json(
    {
      status: 404,
      code: "not_found",
      detail: NOT_FOUND_MESSAGE,
      errors: [{ field: "query", message: NOT_FOUND_MESSAGE }],
      data: null,
    },
    404,
  );

export const lexisNexisRoutes = new Hono<AppEnv>()
  .use(requireSignedIn())
  .post(
    "/organization",
    describe({
      summary: "Look an organisation up in the NPI registry by its NPI.",
      tags: ["Services: NPI registry"],
      body: lookupBody,
      bodyExample: organisationLookupBodyExample,
      answer: {
        description: "Its name, address and phone.",
        schema: organisationLookupAnswer,
        example: organisationLookupExample,
      },
      refusals: { 404: { description: "The NPI is not in the registry.", schema: lookupNotFound } },
    }),
    async (c) => {
      const npi = await npiOf(c);
      const data = await findOrganisationByNpi(npiRegistryFor(c.var.app.config), npi);
      return data ? c.json({ status: 200, data }) : notFound(c);
    },
  )
  .post(
    "/individual",
    describe({
      summary: "Look a provider up in the NPI registry by its NPI.",
      tags: ["Services: NPI registry"],
      body: lookupBody,
      bodyExample: individualLookupBodyExample,
      answer: {
        description: "Name, speciality, address and phones.",
        schema: individualLookupAnswer,
        example: individualLookupExample,
      },
      refusals: { 404: { description: "The NPI is not in the registry.", schema: lookupNotFound } },
    }),
    async (c) => {
      const npi = await npiOf(c);
      const data = await findIndividualByNpi(npiRegistryFor(c.var.app.config), npi);
      return data ? c.json({ status: 200, data }) : notFound(c);
    },
  );
