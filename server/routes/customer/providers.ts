/**
 * POST, PATCH, DELETE /api/management/customer/provider/: a practice's providers (the provider form,
 * server/forms/provider.ts). The body is `{provider: {...}}` with `id` for PATCH and DELETE and
 * `organization_id` when staff act for an organisation. POST and PATCH answer the provider, DELETE
 * the organisation's remaining providers. full_name is built from first, middle, last name and
 * suffix. Access as for facilities (profileAccess.ts).
 */
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { providers } from "../../db/schema/index.ts";
import { fieldNames, type ProviderFields, providerFields } from "../../forms/profileFields.ts";
import { providerForm } from "../../forms/provider.ts";
import { providerAnswer, providersAnswer } from "../../http/answers/customer.ts";
import { parseWith, readJson } from "../../http/body.ts";
import { providerExample } from "../../http/examples/practice.ts";
import { changeProviderBodyExample, removeProviderBodyExample } from "../../http/examples/requestBodies.ts";
import { describe } from "../../http/openapi/declare.ts";
import { changeProfile } from "../../organisations/profileChanged.ts";
import {
  checkLocale,
  checkProviderNpi,
  checkWorkPlaces,
  FieldProblems,
} from "../../organisations/profileChecks.ts";
import { providerView, providerViewsOf } from "../../organisations/profileViews.ts";
import {
  checkEntity,
  entityCalls,
  entityId,
  organisationForNewRow,
  ownedRow,
  requireProfileWriter,
  splitEntity,
  storedFormValues,
} from "./profileAccess.ts";

const FORM_FIELDS = fieldNames(providerForm);
export const { body, postBody, patchBody, deleteBody } = entityCalls("provider", providerFields);
/** The form's rules, their refusals named inside the body's entity (`provider.npi`). */
const providerEntity = z.object({ provider: providerFields });

const storedValues = (row: typeof providers.$inferSelect) => storedFormValues(providerView(row), FORM_FIELDS);

async function checkedProvider(
  db: Db,
  organisationId: string,
  input: Record<string, unknown>,
  exceptId?: string,
) {
  const values = parseWith(providerEntity, { provider: input }).provider;
  const problems = new FieldProblems("provider");
  const city = checkLocale(problems, { cityField: "city", zipField: "zipcode" }, values.city, values.zipcode);
  await checkProviderNpi(db, problems, organisationId, values.npi, exceptId);
  await checkWorkPlaces(db, problems, organisationId, values.name_work_at);
  problems.throwIfAny();
  return { ...values, city };
}

function columnsOf(values: ProviderFields) {
  return {
    npi: values.npi,
    lastName: values.last_name,
    firstName: values.first_name,
    middleName: values.middle_name,
    suffix: values.suffix,
    fullName: values.full_name,
    age: values.age,
    phone: values.phone,
    fax: values.fax,
    address1: values.address1,
    address2: values.address2,
    city: values.city,
    zipcode: values.zipcode,
    dateJoined: values.date_joined,
    dateRetire: values.date_retire,
    clinicalCertification: values.clinical_certification,
    category: values.category,
    ptype: values.ptype,
    speciality: values.speciality,
    specialityTextbox: values.speciality_textbox,
    abosFellowshipTrained: values.abos_fellowship_trained,
    shareholder: values.shareholder === "Yes",
    employedByPractice: values.employed_by_practice === "Yes",
    fteStatus: values.fte_status,
    nameWorkAt: values.name_work_at,
  };
}

async function findProvider(db: Db, id: string) {
  const [row] = await db.select().from(providers).where(eq(providers.id, id));
  return row;
}

export const providerRoutes = new Hono<AppEnv>()
  .use(requireProfileWriter())
  .post(
    "/",
    describe({
      idempotent: true,
      summary:
        "Add a provider to the practice profile (the organisation's admin; staff name organization_id). The form's required fields must be sent; the others left out are blank.",
      tags: ["Customer: practice profile"],
      body: body,
      documentedBody: postBody,
      bodyExample: {
        provider: {
          npi: "1002178303",
          first_name: "Susan",
          last_name: "Thomas",
          category: "Physician",
          ptype: "Orthopaedic Surgeon",
          speciality: ["LE Joint Replacement"],
          city: "Noblesville, IN",
          zipcode: "46060",
          name_work_at: ["Demo Orthopaedics Surgery Center"],
        },
      },
      answer: {
        description: "The new provider.",
        schema: providerAnswer,
        example: { status: 200, provider: providerExample },
      },
    }),
    async (c) => {
      const provider = checkEntity(postBody, "provider", await readJson(c, body));
      const { fields, own } = splitEntity(provider, FORM_FIELDS, ["organization_id"]);
      const organisation = await organisationForNewRow(c, "provider", own.organization_id);
      const { db } = c.var.app.database;
      const values = await checkedProvider(db, organisation.id, fields);
      const row = await changeProfile(c.var.app, organisation.id, async (tx) => {
        const [inserted] = await tx
          .insert(providers)
          .values({ organisationId: organisation.id, ...columnsOf(values) })
          .returning();
        return inserted!;
      });
      return c.json({ status: 200, provider: providerView(row) });
    },
  )
  .patch(
    "/",
    describe({
      summary: "Change a provider: only the fields sent change.",
      tags: ["Customer: practice profile"],
      body: body,
      documentedBody: patchBody,
      bodyExample: changeProviderBodyExample,
      answer: {
        description: "The changed provider.",
        schema: providerAnswer,
        example: { status: 200, provider: providerExample },
      },
    }),
    async (c) => {
      const provider = checkEntity(patchBody, "provider", await readJson(c, body));
      const { fields, own } = splitEntity(provider, FORM_FIELDS, ["id", "organization_id"]);
      const { db } = c.var.app.database;
      const stored = ownedRow(c, await findProvider(db, entityId(own)), "Provider");
      const values = await checkedProvider(
        db,
        stored.organisationId,
        { ...storedValues(stored), ...fields },
        stored.id,
      );
      const row = await changeProfile(c.var.app, stored.organisationId, async (tx) => {
        const [updated] = await tx
          .update(providers)
          .set(columnsOf(values))
          .where(eq(providers.id, stored.id))
          .returning();
        return updated!;
      });
      return c.json({ status: 200, provider: providerView(row) });
    },
  )
  .delete(
    "/",
    describe({
      summary: "Remove a provider.",
      tags: ["Customer: practice profile"],
      body: body,
      documentedBody: deleteBody,
      bodyExample: removeProviderBodyExample,
      answer: {
        description: "The organisation's remaining providers.",
        schema: providersAnswer,
        example: { status: 200, providers: [providerExample] },
      },
    }),
    async (c) => {
      const provider = checkEntity(deleteBody, "provider", await readJson(c, body));
      const { own } = splitEntity(provider, new Set(), ["id", "organization_id"]);
      const { db } = c.var.app.database;
      const stored = ownedRow(c, await findProvider(db, entityId(own)), "Provider");
      await changeProfile(c.var.app, stored.organisationId, async (tx) => {
        await tx.delete(providers).where(eq(providers.id, stored.id));
      });
      return c.json({ status: 200, providers: await providerViewsOf(db, stored.organisationId) });
    },
  );
