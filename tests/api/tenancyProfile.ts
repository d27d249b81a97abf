/**
 * Tenancy attempts for the practice profile calls, the look-ups and the service-area suggestion
 * (spread into tests/api/tenancy.test.ts): organisation A's admin against organisation B's facility,
 * location and provider. Each attempt is refused or answers nothing of B, and B's rows stay as
 * they were.
 */
import { expect } from "bun:test";
import { eq } from "drizzle-orm";
import {
  facilities,
  facilityLocations,
  organisationYears,
  providers,
  serviceAreas,
} from "../../server/db/schema/index.ts";
import { completeNpi } from "../../server/reference/npi.ts";
import type { HttpClient } from "../helpers/httpClient.ts";
import type { TestApp } from "../helpers/testApp.ts";

interface World {
  t: TestApp;
  a: HttpClient;
  orgB: { id: string };
}
type Attempt = (world: World) => Promise<void>;

const B_FACILITY_NPI = "1000058762";
const B_PROVIDER_NPI = "1002178303";

/** B's facility (named like a registry entry, so look-ups of its NPI answer only the registry's data). */
async function profileOfB({ t, orgB }: World) {
  const { db } = t.context.database;
  let [facility] = await db.select().from(facilities).where(eq(facilities.organisationId, orgB.id));
  if (!facility) {
    [facility] = await db
      .insert(facilities)
      .values({
        organisationId: orgB.id,
        npi: B_FACILITY_NPI,
        name: "Secret B Clinic",
        physicalLocaleZip: "46052",
      })
      .returning();
    await db.insert(facilityLocations).values({
      organisationId: orgB.id,
      facilityId: facility!.id,
      name: "Secret B Annex",
      physicalLocaleZip: "46052",
    });
    await db.insert(providers).values({
      organisationId: orgB.id,
      npi: B_PROVIDER_NPI,
      fullName: "Secret B Surgeon",
      nameWorkAt: ["Secret B Clinic"],
    });
  }
  const [location] = await db
    .select()
    .from(facilityLocations)
    .where(eq(facilityLocations.organisationId, orgB.id));
  const [provider] = await db.select().from(providers).where(eq(providers.organisationId, orgB.id));
  const rows = async () => ({
    facilities: await db.select().from(facilities).where(eq(facilities.organisationId, orgB.id)),
    locations: await db.select().from(facilityLocations).where(eq(facilityLocations.organisationId, orgB.id)),
    providers: await db.select().from(providers).where(eq(providers.organisationId, orgB.id)),
  });
  return { facility: facility!, location: location!, provider: provider!, rows };
}

const FACILITY = "/api/management/customer/facility/";
const LOCATION = "/api/management/customer/facility-location/";
const PROVIDER = "/api/management/customer/provider/";

const newFacility = (organisationId: string) => ({
  npi: completeNpi("155555555"),
  name: "Planted in B",
  physical_address: "1 Main St",
  physical_locale: "Fishers, IN",
  physical_locale_zip: "46037",
  site_of_care_codes_billed: ["11"],
  services_provided: ["Surgery"],
  organization_id: organisationId,
});

/** A call on B's rows: refused with `status`, and B's facilities, locations and providers unchanged. */
const onB =
  (
    status: number,
    call: (world: World, b: Awaited<ReturnType<typeof profileOfB>>) => Promise<{ status: number }>,
  ) =>
  async (world: World) => {
    const b = await profileOfB(world);
    const before = await b.rows();
    expect((await call(world, b)).status).toBe(status);
    expect(await b.rows()).toEqual(before);
  };

/** A look-up holds no organisation data: B's NPI answers the registry's entry, never B's own rows. */
const lookupShowsNothingOfB =
  (path: string, body: (world: World) => Record<string, unknown>): Attempt =>
  async (world) => {
    await profileOfB(world);
    const answer = await world.a.post(path, body(world));
    expect([200, 404]).toContain(answer.status);
    expect(answer.text).not.toContain("Secret B");
  };

export function profileAttempts(): Record<string, Attempt> {
  return {
    "POST /api/management/customer/facility": onB(403, ({ a, orgB }) =>
      a.post(FACILITY, { facility: newFacility(orgB.id) }),
    ),
    "PATCH /api/management/customer/facility": onB(404, ({ a }, b) =>
      a.patch(FACILITY, { facility: { id: b.facility.id, name: "Taken by A" } }),
    ),
    "DELETE /api/management/customer/facility": onB(404, ({ a }, b) =>
      a.delete(FACILITY, { facility: { id: b.facility.id } }),
    ),
    "POST /api/management/customer/facility-location": onB(404, ({ a }, b) => {
      const { npi: _, organization_id: __, ...site } = newFacility("");
      return a.post(LOCATION, { location: { ...site, facility_id: b.facility.id } });
    }),
    "PATCH /api/management/customer/facility-location": onB(404, ({ a }, b) =>
      a.patch(LOCATION, { location: { id: b.location.id, name: "Taken by A" } }),
    ),
    "DELETE /api/management/customer/facility-location": onB(404, ({ a }, b) =>
      a.delete(LOCATION, { location: { id: b.location.id } }),
    ),
    "POST /api/management/customer/provider": onB(403, ({ a, orgB }) =>
      a.post(PROVIDER, {
        provider: {
          npi: completeNpi("144444444"),
          last_name: "Mole",
          first_name: "Agent",
          city: "Fishers, IN",
          zipcode: "46037",
          category: "Physician",
          ptype: "Orthopaedic Surgeon",
          speciality: ["Spine"],
          name_work_at: ["Secret B Clinic"],
          organization_id: orgB.id,
        },
      }),
    ),
    "PATCH /api/management/customer/provider": onB(404, ({ a }, b) =>
      a.patch(PROVIDER, { provider: { id: b.provider.id, last_name: "Taken" } }),
    ),
    "DELETE /api/management/customer/provider": onB(404, ({ a }, b) =>
      a.delete(PROVIDER, { provider: { id: b.provider.id } }),
    ),
    "POST /api/services/lexisnexis/organization": lookupShowsNothingOfB(
      "/api/services/lexisnexis/organization/",
      () => ({ query: B_FACILITY_NPI }),
    ),
    "POST /api/services/lexisnexis/individual": lookupShowsNothingOfB(
      "/api/services/lexisnexis/individual/",
      () => ({
        query: B_PROVIDER_NPI,
      }),
    ),
    "POST /api/services/location/check-location": lookupShowsNothingOfB(
      "/api/services/location/check-location/",
      () => ({ city_state: "Lebanon, IN", zipcode: "46052" }),
    ),
    "POST /api/services/location/autocomplete": lookupShowsNothingOfB(
      "/api/services/location/autocomplete/",
      () => ({
        query: "Secret",
      }),
    ),
    "POST /api/services/location/zipcodes": lookupShowsNothingOfB("/api/services/location/zipcodes/", () => ({
      query: "460",
      other: "Lebanon, IN",
    })),
    "POST /api/management/admin/customer/service_area/suggest": async ({ t, a, orgB }) => {
      const { db } = t.context.database;
      await db
        .insert(organisationYears)
        .values({ organisationId: orgB.id, year: 2030, fileState: "uploaded" })
        .onConflictDoNothing();
      const areaOfB = () => db.select().from(serviceAreas).where(eq(serviceAreas.organisationId, orgB.id));
      const before = await areaOfB();
      const answer = await a.post("/api/management/admin/customer/service_area/suggest/", {
        organization_uuid: orgB.id,
        year: 2030,
      });
      expect(answer.status).toBe(401);
      expect(answer.json.service_area).toBeUndefined();
      expect(await areaOfB()).toEqual(before);
    },
  };
}
