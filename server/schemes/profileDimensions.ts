/**
 * The organisation's facilities (with their locations) and providers as the engine's dimension
 * tables (org_facilities, org_providers). The same mapping serves the runtime (rows from the
 * database) and the test harness (rows from a fixture), so both bind identical relations.
 */
import type { OrganisationDimensions, ServiceAreaZip } from "../engine/inputs.ts";
import type { SchemeProfile } from "./scheme.ts";

export function dimensionsOfProfile(
  profile: Pick<SchemeProfile, "facilities" | "providers" | "serviceArea">,
  serviceAreaReference: ServiceAreaZip[],
): OrganisationDimensions {
  return {
    providers: profile.providers.map((provider) => ({ npi: provider.npi, full_name: provider.fullName })),
    facilities: profile.facilities.flatMap((facility) => [
      {
        npi: facility.npi,
        kind: "facility" as const,
        name: facility.name,
        facility_name: facility.name,
        zip: facility.physicalLocaleZip,
        lat: facility.lat,
        lon: facility.lon,
      },
      // Locations have no NPI of their own: they carry their facility's.
      ...facility.locations.map((location) => ({
        npi: facility.npi,
        kind: "location" as const,
        name: location.name,
        facility_name: facility.name,
        zip: location.physicalLocaleZip,
        lat: location.lat,
        lon: location.lon,
      })),
    ]),
    serviceArea: profile.serviceArea,
    // A reference year without its own list is compared on the current one (as the analyses do).
    serviceAreaReference: serviceAreaReference.length > 0 ? serviceAreaReference : profile.serviceArea,
  };
}
