/**
 * POST, PATCH, DELETE /api/management/admin/customer/service_area/: a year's service area (the zips
 * of the customer's primary, secondary and tertiary areas). Staff site admins only: customers
 * cannot change the service area of their years (admin-area.md section 5) and get 401 like every
 * staff call; agents get 403. README.md beside this file lists the bodies and answers.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext, AppEnv } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { organisationYears, serviceAreas } from "../../db/schema/index.ts";
import { notifyDataChanged } from "../../engine/dataChanges.ts";
import {
  serviceAreaAddedAnswer,
  serviceAreaCheckedAnswer,
  serviceAreaRemovedAnswer,
} from "../../http/answers/admin.ts";
import { readJson } from "../../http/body.ts";
import { type FieldError, HttpError, notFound } from "../../http/errors.ts";
import {
  addServiceAreaBodyExample,
  checkServiceAreaBodyExample,
  removeServiceAreaBodyExample,
} from "../../http/examples/requestBodies.ts";
import {
  serviceAreaAddedExample,
  serviceAreaCheckedExample,
  serviceAreaRemovedExample,
} from "../../http/examples/years.ts";
import { requireStaff } from "../../http/middleware/guards.ts";
import { describe } from "../../http/openapi/declare.ts";
import { publishOrganisationChange } from "../../live/staffEvents.ts";
import { publishStateChange } from "../../live/stateChanges.ts";
import { serviceAreaView } from "../../organisations/organisationDetail.ts";
import { findOrganisation } from "../../organisations/present.ts";
import { checkZips } from "../../organisations/serviceAreaCheck.ts";
import { parseServiceAreaPaste, SERVICE_AREA_TYPES } from "../../organisations/serviceAreaPaste.ts";
import { fourDigitYear } from "../../organisations/yearField.ts";
import { bumpAreaRevision } from "../../organisations/yearInputs.ts";

const item = z.strictObject({
  zipcode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, "must be a 5-digit zip code"),
  type: z.enum(SERVICE_AREA_TYPES, { error: "must be PSA, SSA or TSA" }),
  year: fourDigitYear,
});

export const serviceAreaBody = z
  .strictObject({
    organization_uuid: z.uuid("must be an organisation id (UUID)"),
    year: fourDigitYear,
    service_area: z.array(item, { error: "must be a list of {zipcode, type, year}" }).default([]),
    /** The add textarea's text ('zipcode<TAB>type' lines), parsed here as the web parses it. */
    text: z.string().max(200_000, "is too long").optional(),
  })
  .superRefine((body, context) => {
    body.service_area.forEach((entry, index) => {
      if (entry.year !== body.year) {
        context.addIssue({
          code: "custom",
          path: ["service_area", index, "year"],
          message: `must be ${body.year}, the year of the call`,
        });
      }
    });
  });
type ServiceAreaBody = z.infer<typeof serviceAreaBody>;

const badRows = (errors: FieldError[]) =>
  new HttpError(400, errors.map((error) => `${error.field}: ${error.message}`).join("; "), errors);

/** The listed zips (or the pasted text's), refusing a zip listed twice. */
function requestedZips(body: ServiceAreaBody, options: { required: boolean }) {
  if (body.text !== undefined) {
    const pasted = parseServiceAreaPaste(body.text);
    if (pasted.errors.length > 0) {
      throw badRows(pasted.errors.map((error) => ({ field: "text", message: error.message })));
    }
    return pasted.rows.map((row) => ({
      zipcode: row.zipcode,
      type: row.type,
      field: `text (line ${row.line})`,
    }));
  }
  if (options.required && body.service_area.length === 0) {
    throw badRows([{ field: "service_area", message: "Please fill out this field" }]);
  }
  const firstIndex = new Map<string, number>();
  const errors: FieldError[] = [];
  body.service_area.forEach((entry, index) => {
    const first = firstIndex.get(entry.zipcode);
    if (first !== undefined) {
      errors.push({
        field: `service_area.${index}.zipcode`,
        message: `${entry.zipcode} is listed twice (also service_area.${first})`,
      });
    } else firstIndex.set(entry.zipcode, index);
  });
  if (errors.length > 0) throw badRows(errors);
  return body.service_area.map((entry, index) => ({
    zipcode: entry.zipcode,
    type: entry.type,
    field: `service_area.${index}.zipcode`,
  }));
}

async function organisationYear(db: Db, body: ServiceAreaBody) {
  const organisation = await findOrganisation(db, body.organization_uuid);
  if (!organisation) throw notFound("Organisation not found.");
  const [row] = await db
    .select({ id: organisationYears.id })
    .from(organisationYears)
    .where(and(eq(organisationYears.organisationId, organisation.id), eq(organisationYears.year, body.year)));
  if (!row) throw notFound(`${organisation.name} has no year ${body.year}.`);
  return organisation;
}

const storedRows = (db: Db, organisationId: string, year: number) =>
  db
    .select()
    .from(serviceAreas)
    .where(and(eq(serviceAreas.organisationId, organisationId), eq(serviceAreas.year, year)))
    .orderBy(asc(serviceAreas.zipcode));

/**
 * The year's service area after a change, as the call answers it; every other staff tab showing
 * the organisation gets it on the live channel too (an `event` at `datas.<year>.service_area`).
 */
async function answer(
  app: AppContext,
  organisationId: string,
  year: number,
  extra: Record<string, unknown> = {},
) {
  const rows = await storedRows(app.database.db, organisationId, year);
  const serviceArea = rows.map(serviceAreaView);
  await publishOrganisationChange(app, organisationId, {
    path: `datas.${year}.service_area`,
    value: serviceArea,
  });
  // The organisation's own screens: the analyses read the service area.
  await publishStateChange(app, { organisationId, year, topic: "year" }, { staff: false });
  return { status: 200, year, service_area: serviceArea, ...extra };
}

export const serviceAreaRoutes = new Hono<AppEnv>()
  // Add zips (unchecked until the next check).
  .post(
    "/",
    requireStaff({ siteAdmin: true }),
    describe({
      idempotent: true,
      summary: "Add zips to an organisation's service area for a year (site admins only).",
      tags: ["Back office: service areas"],
      body: serviceAreaBody,
      bodyExample: addServiceAreaBodyExample,
      answer: {
        description: "The year's service area and how many zips were added.",
        schema: serviceAreaAddedAnswer,
        example: serviceAreaAddedExample,
      },
    }),
    async (c) => {
      const body = await readJson(c, serviceAreaBody);
      const { db } = c.var.app.database;
      const organisation = await organisationYear(db, body);
      const zips = requestedZips(body, { required: true });
      const stored = new Map(
        (await storedRows(db, organisation.id, body.year)).map((row) => [row.zipcode, row]),
      );
      const clashes = zips.filter((zip) => stored.has(zip.zipcode));
      if (clashes.length > 0) {
        throw badRows(
          clashes.map((zip) => ({
            field: zip.field,
            message: `${zip.zipcode} is already in the ${body.year} service area (${stored.get(zip.zipcode)?.type})`,
          })),
        );
      }
      // A concurrent add of the same zip keeps the first one (the table is unique per year and zip).
      const added = await db.transaction(async (tx) => {
        const rows = await tx
          .insert(serviceAreas)
          .values(
            zips.map((zip) => ({
              organisationId: organisation.id,
              year: body.year,
              zipcode: zip.zipcode,
              type: zip.type,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: serviceAreas.id });
        if (rows.length > 0) await bumpAreaRevision(tx as unknown as Db, organisation.id, body.year);
        return rows;
      });
      await notifyDataChanged(c.var.app, organisation.id);
      return c.json(await answer(c.var.app, organisation.id, body.year, { added: added.length }));
    },
  )
  // Check: every zip of the year (or the listed ones) becomes checked, and available or not.
  .patch(
    "/",
    requireStaff({ siteAdmin: true }),
    describe({
      summary: "Check zips against the reference and the stored area before adding them.",
      tags: ["Back office: service areas"],
      body: serviceAreaBody,
      bodyExample: checkServiceAreaBodyExample,
      answer: {
        description: "The year's service area and `check`, one result per zip.",
        schema: serviceAreaCheckedAnswer,
        example: serviceAreaCheckedExample,
      },
    }),
    async (c) => {
      const body = await readJson(c, serviceAreaBody);
      const { db } = c.var.app.database;
      const organisation = await organisationYear(db, body);
      const listed = requestedZips(body, { required: false });
      const stored = await storedRows(db, organisation.id, body.year);
      const storedZips = new Set(stored.map((row) => row.zipcode));
      const unknown = listed.filter((zip) => !storedZips.has(zip.zipcode));
      if (unknown.length > 0) {
        throw badRows(
          unknown.map((zip) => ({
            field: zip.field,
            message: `${zip.zipcode} is not in the ${body.year} service area`,
          })),
        );
      }
      if (stored.length === 0)
        throw new HttpError(400, "You need to add service area first").withCode("not_ready");
      const zips = listed.length > 0 ? listed.map((zip) => zip.zipcode) : [...storedZips];
      const results = await checkZips(c.var.app.config.dataDir, body.year, zips);
      await db.transaction(async (tx) => {
        for (const availability of [true, false]) {
          const matching = results
            .filter((result) => result.available === availability)
            .map((result) => result.zipcode);
          if (matching.length === 0) continue;
          await tx
            .update(serviceAreas)
            .set({ checked: true, available: availability })
            .where(
              and(
                eq(serviceAreas.organisationId, organisation.id),
                eq(serviceAreas.year, body.year),
                inArray(serviceAreas.zipcode, matching),
              ),
            );
        }
      });
      return c.json(await answer(c.var.app, organisation.id, body.year, { check: results }));
    },
  )
  // Remove the listed zips (matched by zip code; the listed type is not compared).
  .delete(
    "/",
    requireStaff({ siteAdmin: true }),
    describe({
      summary: "Remove zips from an organisation's service area for a year.",
      tags: ["Back office: service areas"],
      body: serviceAreaBody,
      bodyExample: removeServiceAreaBodyExample,
      answer: {
        description: "The year's service area and how many zips were removed.",
        schema: serviceAreaRemovedAnswer,
        example: serviceAreaRemovedExample,
      },
    }),
    async (c) => {
      const body = await readJson(c, serviceAreaBody);
      const { db } = c.var.app.database;
      const organisation = await organisationYear(db, body);
      const zips = requestedZips(body, { required: true });
      const storedZips = new Set(
        (await storedRows(db, organisation.id, body.year)).map((row) => row.zipcode),
      );
      const unknown = zips.filter((zip) => !storedZips.has(zip.zipcode));
      if (unknown.length > 0) {
        throw badRows(
          unknown.map((zip) => ({
            field: zip.field,
            message: `${zip.zipcode} is not in the ${body.year} service area`,
          })),
        );
      }
      await db.transaction(async (tx) => {
        await tx.delete(serviceAreas).where(
          and(
            eq(serviceAreas.organisationId, organisation.id),
            eq(serviceAreas.year, body.year),
            inArray(
              serviceAreas.zipcode,
              zips.map((zip) => zip.zipcode),
            ),
          ),
        );
        await bumpAreaRevision(tx as unknown as Db, organisation.id, body.year);
      });
      await notifyDataChanged(c.var.app, organisation.id);
      return c.json(await answer(c.var.app, organisation.id, body.year, { removed: zips.length }));
    },
  );
