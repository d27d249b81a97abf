/**
 * POST, PATCH, DELETE /api/management/customer/facility-location/: the locations of a facility (the
 * location form, server/forms/facility.ts: the facility's site fields without NPI and billing). The
 * body is `{location: {...}}` with `facility_id` for POST (optional on PATCH: moves the location to
 * another facility of the same organisation) and `id` for PATCH and DELETE. Every call answers all
 * the locations of the facility concerned. Access as for facilities (profileAccess.ts).
 */
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { facilities, facilityLocations } from "../../db/schema/index.ts";
import { locationForm } from "../../forms/facility.ts";
import { fieldNames, type LocationFields, locationFields } from "../../forms/profileFields.ts";
import { zipCentroid } from "../../geo/zipCentroids.ts";
import { locationsAnswer } from "../../http/answers/customer.ts";
import { parseWith, readJson } from "../../http/body.ts";
import { HttpError } from "../../http/errors.ts";
import { locationExample } from "../../http/examples/practice.ts";
import {
  addLocationBodyExample,
  changeLocationBodyExample,
  removeLocationBodyExample,
} from "../../http/examples/requestBodies.ts";
import { describe } from "../../http/openapi/declare.ts";
import { changeProfile } from "../../organisations/profileChanged.ts";
import {
  checkLocale,
  checkLocationName,
  FieldProblems,
  renameWorkPlace,
} from "../../organisations/profileChecks.ts";
import { locationView, locationViewsOf } from "../../organisations/profileViews.ts";
import {
  checkEntity,
  entityCalls,
  entityId,
  ownedRow,
  requireProfileWriter,
  rowId,
  splitEntity,
  storedFormValues,
} from "./profileAccess.ts";

const FORM_FIELDS = fieldNames(locationForm);
export const { body, postBody, patchBody, deleteBody } = entityCalls("location", locationFields, {
  post: { facility_id: rowId },
  patch: { facility_id: rowId.optional() },
});
/** The form's rules, their refusals named inside the body's entity (`location.name`). */
const locationEntity = z.object({ location: locationFields });

const storedValues = (row: typeof facilityLocations.$inferSelect) =>
  storedFormValues(locationView(row), FORM_FIELDS);

async function checkedLocation(
  db: Db,
  organisationId: string,
  input: Record<string, unknown>,
  exceptId?: string,
) {
  const values = parseWith(locationEntity, { location: input }).location;
  const problems = new FieldProblems("location");
  const physical = checkLocale(
    problems,
    { cityField: "physical_locale", zipField: "physical_locale_zip" },
    values.physical_locale,
    values.physical_locale_zip,
  );
  await checkLocationName(db, problems, organisationId, values.name, exceptId);
  problems.throwIfAny();
  return { ...values, physical_locale: physical };
}

function columnsOf(values: LocationFields) {
  const centroid = zipCentroid(values.physical_locale_zip);
  return {
    name: values.name,
    physicalAddress: values.physical_address,
    physicalLocale: values.physical_locale,
    physicalLocaleZip: values.physical_locale_zip,
    siteOfCareCodesBilled: values.site_of_care_codes_billed,
    servicesProvided: values.services_provided,
    servicesProvidedTextbox: values.services_provided_textbox,
    openedOn: values.opened_on,
    closedOn: values.closed_on,
    lat: centroid?.lat ?? null,
    lon: centroid?.lon ?? null,
  };
}

async function findFacility(db: Db, id: string) {
  const [row] = await db.select().from(facilities).where(eq(facilities.id, id));
  return row;
}

async function findLocation(db: Db, id: string) {
  const [row] = await db.select().from(facilityLocations).where(eq(facilityLocations.id, id));
  return row;
}

/**
 * The facility a location belongs to, named by facility_id (checkEntity held it to rowId): the
 * caller's own, or not found.
 */
async function parentFacility(c: Parameters<typeof ownedRow>[0], facilityId: unknown) {
  return ownedRow(c, await findFacility(c.var.app.database.db, facilityId as string), "Facility");
}

export const facilityLocationRoutes = new Hono<AppEnv>()
  .use(requireProfileWriter())
  .post(
    "/",
    describe({
      idempotent: true,
      summary:
        "Add a location to a facility of the practice profile (its organisation's admin, or staff). The form's required fields and facility_id must be sent; the others left out are blank.",
      tags: ["Customer: practice profile"],
      body: body,
      documentedBody: postBody,
      bodyExample: addLocationBodyExample,
      answer: {
        description: "Every location of the facility, the new one included.",
        schema: locationsAnswer,
        example: { status: 200, locations: [locationExample] },
      },
    }),
    async (c) => {
      const location = checkEntity(postBody, "location", await readJson(c, body));
      const { fields, own } = splitEntity(location, FORM_FIELDS, ["facility_id", "organization_id"]);
      const facility = await parentFacility(c, own.facility_id);
      const { db } = c.var.app.database;
      const values = await checkedLocation(db, facility.organisationId, fields);
      await changeProfile(c.var.app, facility.organisationId, async (tx) => {
        await tx
          .insert(facilityLocations)
          .values({ facilityId: facility.id, organisationId: facility.organisationId, ...columnsOf(values) });
      });
      return c.json({ status: 200, locations: await locationViewsOf(db, facility.id) });
    },
  )
  .patch(
    "/",
    describe({
      summary: "Change a location: only the fields sent change.",
      tags: ["Customer: practice profile"],
      body: body,
      documentedBody: patchBody,
      bodyExample: changeLocationBodyExample,
      answer: {
        description: "Every location of the facility the location is now in.",
        schema: locationsAnswer,
        example: { status: 200, locations: [locationExample] },
      },
    }),
    async (c) => {
      const location = checkEntity(patchBody, "location", await readJson(c, body));
      const { fields, own } = splitEntity(location, FORM_FIELDS, ["id", "facility_id", "organization_id"]);
      const { db } = c.var.app.database;
      const stored = ownedRow(c, await findLocation(db, entityId(own)), "Location");
      const facility =
        own.facility_id === undefined || own.facility_id === stored.facilityId
          ? undefined
          : await parentFacility(c, own.facility_id);
      if (facility && facility.organisationId !== stored.organisationId) {
        throw missingFacility("the facility is not one of this location's organisation");
      }
      const values = await checkedLocation(
        db,
        stored.organisationId,
        { ...storedValues(stored), ...fields },
        stored.id,
      );
      const facilityId = facility?.id ?? stored.facilityId;
      await changeProfile(c.var.app, stored.organisationId, async (tx) => {
        await tx
          .update(facilityLocations)
          .set({ ...columnsOf(values), facilityId })
          .where(eq(facilityLocations.id, stored.id));
        await renameWorkPlace(tx, stored.organisationId, stored.name, values.name);
      });
      return c.json({ status: 200, locations: await locationViewsOf(db, facilityId) });
    },
  )
  .delete(
    "/",
    describe({
      summary: "Remove a location.",
      tags: ["Customer: practice profile"],
      body: body,
      documentedBody: deleteBody,
      bodyExample: removeLocationBodyExample,
      answer: {
        description: "The facility's remaining locations.",
        schema: locationsAnswer,
        example: { status: 200, locations: [locationExample] },
      },
    }),
    async (c) => {
      const location = checkEntity(deleteBody, "location", await readJson(c, body));
      const { own } = splitEntity(location, new Set(), ["id", "facility_id", "organization_id"]);
      const { db } = c.var.app.database;
      const stored = ownedRow(c, await findLocation(db, entityId(own)), "Location");
      await changeProfile(c.var.app, stored.organisationId, async (tx) => {
        await tx.delete(facilityLocations).where(eq(facilityLocations.id, stored.id));
        await renameWorkPlace(tx, stored.organisationId, stored.name, null);
      });
      return c.json({ status: 200, locations: await locationViewsOf(db, stored.facilityId) });
    },
  );

function missingFacility(message: string) {
  return new HttpError(400, `location.facility_id: ${message}`, [{ field: "location.facility_id", message }]);
}
