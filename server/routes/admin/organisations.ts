import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { noteAudit } from "../../audit/pending.ts";
import { sessionsChanged } from "../../auth/sessions.ts";
import type { AppEnv } from "../../context.ts";
import { organisations } from "../../db/schema/index.ts";
import { notifyDataChanged } from "../../engine/dataChanges.ts";
import { atMost, PHONE_MAX } from "../../forms/textLimits.ts";
import { organisationDeletedAnswer } from "../../http/answers/admin.ts";
import { organisationAnswer } from "../../http/answers/customer.ts";
import { readJson } from "../../http/body.ts";
import { notFound } from "../../http/errors.ts";
import { organisationAnswerExample } from "../../http/examples/practice.ts";
import {
  addOrganisationBodyExample,
  changeOrganisationBodyExample,
  deleteOrganisationBodyExample,
} from "../../http/examples/requestBodies.ts";
import { organisationDeletedExample } from "../../http/examples/years.ts";
import { requireStaff } from "../../http/middleware/guards.ts";
import { describe } from "../../http/openapi/declare.ts";
import { findOrganisation, organisationView } from "../../organisations/present.ts";
import { checkLocale, FieldProblems } from "../../organisations/profileChecks.ts";

/** A phone or fax number: digits only (blank: none). */
const phoneDigits = z.string().max(PHONE_MAX, atMost(PHONE_MAX)).regex(/^\d*$/, "must contain digits only");

/** The organisation form's fields with no defaults: an update changes only the fields it sends. */
const organisationFields = z.strictObject({
  name: z.string().trim().min(1, "Please fill out this field").max(200),
  address: z.string().trim().max(300),
  locale: z.string().trim().max(120),
  locale_zip: z.union([z.literal(""), z.string().regex(/^\d{5}$/, "must be a 5-digit zip code")]),
  phone_1: phoneDigits,
  phone_2: phoneDigits,
  fax: phoneDigits,
});

/** A new organisation: fields left out are blank. */
export const createOrganisation = z.strictObject({
  organization: organisationFields.extend({
    address: organisationFields.shape.address.default(""),
    locale: organisationFields.shape.locale.default(""),
    locale_zip: organisationFields.shape.locale_zip.default(""),
    phone_1: organisationFields.shape.phone_1.default(""),
    phone_2: organisationFields.shape.phone_2.default(""),
    fax: organisationFields.shape.fax.default(""),
  }),
});
// .partial() keeps no default: a field not sent stays undefined, so the stored value is kept.
export const updateOrganisation = z.strictObject({
  organization: organisationFields.partial().extend({ id: z.uuid() }),
});
export const deleteOrganisation = z.strictObject({ organization: z.uuid() });

type OrganisationFields = Partial<z.infer<typeof organisationFields>>;

/**
 * The locale rule every form with a city/zip pair follows (profileChecks.checkLocale: a 'City, ST'
 * of the zip reference, the zip one of its zips), held to the pair as it will be stored: the sent
 * fields over the stored ones. Answers the fields with the city as the reference spells it.
 */
function checkedLocale<Fields extends OrganisationFields>(
  fields: Fields,
  stored?: { locale: string; localeZip: string },
): Fields {
  if (fields.locale === undefined && fields.locale_zip === undefined) return fields;
  const problems = new FieldProblems();
  const locale = checkLocale(
    problems,
    { cityField: "organization.locale", zipField: "organization.locale_zip" },
    fields.locale ?? stored?.locale ?? "",
    fields.locale_zip ?? stored?.localeZip ?? "",
  );
  problems.throwIfAny();
  return fields.locale === undefined ? fields : { ...fields, locale };
}

/** The request's snake_case fields as table columns (absent fields stay undefined: left unchanged). */
const toColumns = (fields: OrganisationFields) => ({
  name: fields.name,
  address: fields.address,
  locale: fields.locale,
  localeZip: fields.locale_zip,
  phone1: fields.phone_1,
  phone2: fields.phone_2,
  fax: fields.fax,
});

const slugify = (name: string) =>
  `${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || "org"
  }-${crypto.randomUUID().slice(0, 6)}`;

/** POST/PATCH /api/management/customer/organization/: site admins create and edit customers. */
export const organisationRoutes = new Hono<AppEnv>()
  .post(
    "/",
    requireStaff({ siteAdmin: true }),
    describe({
      idempotent: true,
      summary: "Create a customer organisation (site admins only).",
      tags: ["Back office: customers"],
      body: createOrganisation,
      bodyExample: addOrganisationBodyExample,
      answer: {
        description: "The new organisation as the customer area reads it.",
        schema: organisationAnswer,
        example: organisationAnswerExample,
      },
    }),
    async (c) => {
      const organization = checkedLocale((await readJson(c, createOrganisation)).organization);
      const { db } = c.var.app.database;
      const [row] = await db
        .insert(organisations)
        .values({ slug: slugify(organization.name), ...toColumns(organization), name: organization.name })
        .returning();
      noteAudit({ organisationId: row!.id, targetId: row!.id });
      return c.json({ status: 200, organization: await organisationView(db, row!) });
    },
  )
  .patch(
    "/",
    requireStaff({ siteAdmin: true }),
    describe({
      summary: "Change a customer organisation's name or settings (site admins only).",
      tags: ["Back office: customers"],
      body: updateOrganisation,
      bodyExample: changeOrganisationBodyExample,
      answer: {
        description: "The organisation after the change.",
        schema: organisationAnswer,
        example: organisationAnswerExample,
      },
    }),
    async (c) => {
      const sent = (await readJson(c, updateOrganisation)).organization;
      const { db } = c.var.app.database;
      const stored = await findOrganisation(db, sent.id);
      if (!stored) throw notFound("Organisation not found.");
      const organization = checkedLocale(sent, stored);
      const changes = toColumns(organization);
      const [row] = Object.values(changes).every((value) => value === undefined)
        ? [stored]
        : await db
            .update(organisations)
            .set(changes)
            .where(eq(organisations.id, organization.id))
            .returning();
      if (!row) throw notFound("Organisation not found.");
      const changed = Object.keys(changes).filter(
        (key) => changes[key as keyof typeof changes] !== undefined,
      );
      const pick = (from: typeof row) =>
        Object.fromEntries(changed.map((key) => [key, from[key as keyof typeof row]]));
      noteAudit({ organisationId: row.id, targetId: row.id, before: pick(stored), after: pick(row) });
      await sessionsChanged(c.var.app, { organisationId: row.id });
      return c.json({ status: 200, organization: await organisationView(db, row) });
    },
  );

/** DELETE /api/management/admin/delete-organization/: removes a customer and everything it owns. */
export const deleteOrganisationRoutes = new Hono<AppEnv>().delete(
  "/",
  requireStaff({ siteAdmin: true }),
  describe({
    summary: "Delete a customer organisation and everything it holds (site admins only).",
    tags: ["Back office: customers"],
    body: deleteOrganisation,
    bodyExample: deleteOrganisationBodyExample,
    answer: {
      description: "The deleted organisation's id.",
      schema: organisationDeletedAnswer,
      example: organisationDeletedExample,
    },
  }),
  async (c) => {
    const { organization } = await readJson(c, deleteOrganisation);
    const removed = await c.var.app.database.db
      .delete(organisations)
      .where(eq(organisations.id, organization))
      .returning({ id: organisations.id });
    if (removed.length === 0) throw notFound("Organisation not found.");
    await sessionsChanged(c.var.app, { organisationId: organization });
    await notifyDataChanged(c.var.app, organization);
    return c.json({ status: 200, deleted: organization });
  },
);
