import type {
  ChoicesAnswer,
  FacilitiesAnswer,
  FacilityAnswer,
  FacilityView,
  IndividualLookupAnswer,
  LocationsAnswer,
  LocationView,
  OrganisationLookupAnswer,
  ProviderAnswer,
  ProvidersAnswer,
  ProviderView,
  ZipInCityAnswer,
} from "./answers.ts";
import { apiRequest } from "./client.ts";

/**
 * The onboarding calls (customer-area.md section 7, admin-area.md section 7): a practice's
 * facilities, their locations and its providers (POST add, PATCH update, DELETE remove), the NPI
 * look-ups, the city/zip check and a form's autocomplete. Staff pass `organization_id` in the entity.
 */

type Values = Record<string, unknown>;

export type { FacilityView, LocationView, ProviderView };

const FACILITY = "/api/management/customer/facility/";
const LOCATION = "/api/management/customer/facility-location/";
const PROVIDER = "/api/management/customer/provider/";

export const addFacility = (facility: Values) =>
  apiRequest<FacilityAnswer>(FACILITY, { method: "POST", body: { facility } });
export const updateFacility = (facility: Values & { id: string }) =>
  apiRequest<FacilityAnswer>(FACILITY, { method: "PATCH", body: { facility } });
export const deleteFacility = (facility: { id: string; organization_id?: string }) =>
  apiRequest<FacilitiesAnswer>(FACILITY, { method: "DELETE", body: { facility } });

export const addLocation = (location: Values & { facility_id: string }) =>
  apiRequest<LocationsAnswer>(LOCATION, { method: "POST", body: { location } });
export const updateLocation = (location: Values & { id: string }) =>
  apiRequest<LocationsAnswer>(LOCATION, { method: "PATCH", body: { location } });
export const deleteLocation = (location: { id: string; organization_id?: string }) =>
  apiRequest<LocationsAnswer>(LOCATION, { method: "DELETE", body: { location } });

export const addProvider = (provider: Values) =>
  apiRequest<ProviderAnswer>(PROVIDER, { method: "POST", body: { provider } });
export const updateProvider = (provider: Values & { id: string }) =>
  apiRequest<ProviderAnswer>(PROVIDER, { method: "PATCH", body: { provider } });
export const deleteProvider = (provider: { id: string; organization_id?: string }) =>
  apiRequest<ProvidersAnswer>(PROVIDER, { method: "DELETE", body: { provider } });

export type NpiKind = "organization" | "individual";

/** An NPI look-up's answer: the registry's record, or a 404 ApiError naming the npi field. */
export const lookUpNpi = (kind: NpiKind, npi: string) =>
  apiRequest<OrganisationLookupAnswer | IndividualLookupAnswer>(`/api/services/lexisnexis/${kind}/`, {
    method: "POST",
    body: { query: npi },
  });

/** Whether a zip belongs to a 'City, ST'. */
export const checkLocation = (cityState: string, zipcode: string) =>
  apiRequest<ZipInCityAnswer>("/api/services/location/check-location/", {
    method: "POST",
    body: { city_state: cityState, zipcode },
  });

/** A form field's autocomplete (its api_url): [value, label] pairs. */
export const autocomplete = (url: string, query: string, other: string | undefined, signal?: AbortSignal) =>
  apiRequest<ChoicesAnswer>(url, {
    method: "POST",
    body: other === undefined ? { query } : { query, other },
    signal,
  });
