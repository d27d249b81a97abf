/**
 * The organisation's facilities (with their locations) and providers as the engine's dimension
 * tables (org_facilities, org_providers). One mapping for the analyses (rows from the database), the
 * schemes and their test harness (rows from a fixture), so all bind identical relations.
 */
import type { facilities, facilityLocations, providers } from "../db/schema/index.ts";
import type { OrganisationDimensions, ServiceAreaZip } from "./inputs.ts";

type FacilityRow = Pick<typeof facilities.$inferSelect, "npi" | "name" | "physicalLocaleZip" | "lat" | "lon">;
type LocationRow = Pick<typeof facilityLocations.$inferSelect, "name" | "physicalLocaleZip" | "lat" | "lon">;

export interface ProfileRows {
  facilities: Array<FacilityRow & { locations: LocationRow[] }>;
  providers: Array<Pick<typeof providers.$inferSelect, "npi" | "fullName">>;
  serviceArea: ServiceAreaZip[];
}

export function dimensionsOf(
  profile: ProfileRows,
  serviceAreaReference: ServiceAreaZip[],
): OrganisationDimensions {
  return {
    providers: profile.providers.map((provider) => ({ npi: provider.npi, full_name: provider.fullName })),
    facilities: [
      ...profile.facilities.map((facility) => ({
        npi: facility.npi,
        kind: "facility" as const,
        name: facility.name,
        facility_name: facility.name,
        zip: facility.physicalLocaleZip,
        lat: facility.lat,
        lon: facility.lon,
      })),
      // Locations have no NPI of their own: they carry their facility's.
      ...profile.facilities.flatMap((facility) =>
        facility.locations.map((location) => ({
          npi: facility.npi,
          kind: "location" as const,
          name: location.name,
          facility_name: facility.name,
          zip: location.physicalLocaleZip,
          lat: location.lat,
          lon: location.lon,
        })),
      ),
    ],
    serviceArea: profile.serviceArea,
    // A reference year without its own list is compared on the current one.
    serviceAreaReference: serviceAreaReference.length > 0 ? serviceAreaReference : profile.serviceArea,
  };
}
