/**
 * POST, PATCH, DELETE /api/management/customer/facility/ (customer-area.md section 7; the onboarding
 * contract /tmp/contract-onboarding.md): a practice's facilities. The body is `{facility: {...}}`
 * with the facility form's fields (server/forms/facility.ts), `id` for PATCH and DELETE, and
 * `organization_id` when staff act for an organisation. POST and PATCH answer the facility, DELETE
 * the organisation's remaining facilities. A change marks the organisation's validations out of
 * date and the analyses read the new profile at once (profileChanged.ts).
 */
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { facilities, facilityLocations } from "../../db/schema/index.ts";
import { facilityForm } from "../../forms/facility.ts";
import { type FacilityFields, facilityFields, fieldNames } from "../../forms/profileFields.ts";
import { zipCentroid } from "../../geo/zipCentroids.ts";
import { facilitiesAnswer, facilityAnswer } from "../../http/answers/customer.ts";
import { parseWith, readJson } from "../../http/body.ts";
import { facilityExample } from "../../http/examples/practice.ts";
import { changeFacilityBodyExample, removeFacilityBodyExample } from "../../http/examples/requestBodies.ts";
import { describe } from "../../http/openapi/declare.ts";
import { changeProfile } from "../../organisations/profileChanged.ts";
import {
  checkFacilityNpi,
  checkLocale,
  FieldProblems,
  renameWorkPlace,
} from "../../organisations/profileChecks.ts";
import { facilityView, facilityViewsOf } from "../../organisations/profileViews.ts";
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

const FORM_FIELDS = fieldNames(facilityForm);
export const { body, postBody, patchBody, deleteBody } = entityCalls("facility", facilityFields);
/** The form's rules, their refusals named inside the body's entity (`facility.npi`). */
const facilityEntity = z.object({ facility: facilityFields });

const storedValues = (row: typeof facilities.$inferSelect) =>
  storedFormValues(facilityView(row, []), FORM_FIELDS);

/** Field rules, then the rules of the zip reference and the organisation's other facilities. */
async function checkedFacility(
  db: Db,
  organisationId: string,
  input: Record<string, unknown>,
  exceptId?: string,
) {
  const values = parseWith(facilityEntity, { facility: input }).facility;
  const problems = new FieldProblems("facility");
  const physical = checkLocale(
    problems,
    { cityField: "physical_locale", zipField: "physical_locale_zip" },
    values.physical_locale,
    values.physical_locale_zip,
  );
  const billing = checkLocale(
    problems,
    { cityField: "billing_locale", zipField: "billing_locale_zip" },
    values.billing_locale,
    values.billing_locale_zip,
  );
  await checkFacilityNpi(db, problems, organisationId, values.npi, exceptId);
  problems.throwIfAny();
  return { ...values, physical_locale: physical, billing_locale: billing };
}

/** The columns of a checked facility; its map position is its zip's centroid. */
function columnsOf(values: FacilityFields) {
  const centroid = zipCentroid(values.physical_locale_zip);
  return {
    npi: values.npi,
    name: values.name,
    physicalAddress: values.physical_address,
    physicalLocale: values.physical_locale,
    physicalLocaleZip: values.physical_locale_zip,
    siteOfCareCodesBilled: values.site_of_care_codes_billed,
    servicesProvided: values.services_provided,
    servicesProvidedTextbox: values.services_provided_textbox,
    openedOn: values.opened_on,
    closedOn: values.closed_on,
    billingAddress: values.billing_address,
    billingLocale: values.billing_locale,
    billingLocaleZip: values.billing_locale_zip,
    lat: centroid?.lat ?? null,
    lon: centroid?.lon ?? null,
  };
}

async function viewOf(db: Db, id: string) {
  const [row] = await db.select().from(facilities).where(eq(facilities.id, id));
  const locations = await db.select().from(facilityLocations).where(eq(facilityLocations.facilityId, id));
  return facilityView(row!, locations);
}

async function findFacility(db: Db, id: string) {
  const [row] = await db.select().from(facilities).where(eq(facilities.id, id));
  return row;
}

export const facilityRoutes = new Hono<AppEnv>()
  .use(requireProfileWriter())
  .post(
    "/",
    describe({
      idempotent: true,
      summary:
        "Add a facility to the practice profile (the organisation's admin; staff name organization_id). The form's required fields must be sent; the others left out are blank.",
      tags: ["Customer: practice profile"],
      body: body,
      documentedBody: postBody,
      bodyExample: {
        facility: {
          npi: "2804509240",
          name: "Demo Orthopaedics Surgery Center",
          physical_address: "4444 Washington Dr",
          physical_locale: "Noblesville, IN",
          physical_locale_zip: "46060",
          site_of_care_codes_billed: ["24"],
          services_provided: ["Surgery", "Injections"],
        },
      },
      answer: {
        description: "The new facility.",
        schema: facilityAnswer,
        example: { status: 200, facility: facilityExample },
      },
    }),
    async (c) => {
      const facility = checkEntity(postBody, "facility", await readJson(c, body));
      const { fields, own } = splitEntity(facility, FORM_FIELDS, ["organization_id"]);
      const organisation = await organisationForNewRow(c, "facility", own.organization_id);
      const { db } = c.var.app.database;
      const values = await checkedFacility(db, organisation.id, fields);
      const id = await changeProfile(c.var.app, organisation.id, async (tx) => {
        const [row] = await tx
          .insert(facilities)
          .values({ organisationId: organisation.id, ...columnsOf(values) })
          .returning({ id: facilities.id });
        return row!.id;
      });
      return c.json({ status: 200, facility: await viewOf(db, id) });
    },
  )
  .patch(
    "/",
    describe({
      summary: "Change a facility: only the fields sent change.",
      tags: ["Customer: practice profile"],
      body: body,
      documentedBody: patchBody,
      bodyExample: changeFacilityBodyExample,
      answer: {
        description: "The changed facility.",
        schema: facilityAnswer,
        example: { status: 200, facility: facilityExample },
      },
    }),
    async (c) => {
      const facility = checkEntity(patchBody, "facility", await readJson(c, body));
      const { fields, own } = splitEntity(facility, FORM_FIELDS, ["id", "organization_id"]);
      const { db } = c.var.app.database;
      const stored = ownedRow(c, await findFacility(db, entityId(own)), "Facility");
      const values = await checkedFacility(
        db,
        stored.organisationId,
        { ...storedValues(stored), ...fields },
        stored.id,
      );
      await changeProfile(c.var.app, stored.organisationId, async (tx) => {
        await tx.update(facilities).set(columnsOf(values)).where(eq(facilities.id, stored.id));
        await renameWorkPlace(tx, stored.organisationId, stored.name, values.name);
      });
      return c.json({ status: 200, facility: await viewOf(db, stored.id) });
    },
  )
  .delete(
    "/",
    describe({
      summary: "Remove a facility.",
      tags: ["Customer: practice profile"],
      body: body,
      documentedBody: deleteBody,
      bodyExample: removeFacilityBodyExample,
      answer: {
        description: "The organisation's remaining facilities.",
        schema: facilitiesAnswer,
        example: { status: 200, facilities: [facilityExample] },
      },
    }),
    async (c) => {
      const facility = checkEntity(deleteBody, "facility", await readJson(c, body));
      const { own } = splitEntity(facility, new Set(), ["id", "organization_id"]);
      const { db } = c.var.app.database;
      const stored = ownedRow(c, await findFacility(db, entityId(own)), "Facility");
      await changeProfile(c.var.app, stored.organisationId, async (tx) => {
        const locations = await tx
          .select({ name: facilityLocations.name })
          .from(facilityLocations)
          .where(eq(facilityLocations.facilityId, stored.id));
        // Its locations go with it (cascade); providers no longer work at any of them.
        await tx.delete(facilities).where(eq(facilities.id, stored.id));
        for (const name of [stored.name, ...locations.map((location) => location.name)]) {
          await renameWorkPlace(tx, stored.organisationId, name, null);
        }
      });
      return c.json({ status: 200, facilities: await facilityViewsOf(db, stored.organisationId) });
    },
  );
