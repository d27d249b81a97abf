import { apiRequest } from "./client.ts";

/**
 * The onboarding calls (customer-area.md section 7, admin-area.md section 7): a practice's
 * facilities, their locations and its providers (POST add, PATCH update, DELETE remove), the NPI
 * look-ups, the city/zip check and a form's autocomplete. Staff pass `organization_id` in the entity.
 */

type Values = Record<string, unknown>;

export interface LocationView {
  id: string;
  facility_id: string;
  name: string;
  physical_address?: string;
  physical_locale?: string;
  physical_locale_zip?: string;
  physical_full_address: string;
  [field: string]: unknown;
}

export interface FacilityView {
  id: string;
  npi: string;
  name: string;
  physical_full_address?: string;
  billing_full_address?: string;
  locations?: LocationView[];
  [field: string]: unknown;
}

export interface ProviderView {
  id: string;
  npi: string;
  full_name: string;
  category?: string | null;
  ptype?: string | null;
  full_address?: string;
  [field: string]: unknown;
}

const FACILITY = "/api/management/customer/facility/";
const LOCATION = "/api/management/customer/facility-location/";
const PROVIDER = "/api/management/customer/provider/";

export const addFacility = (facility: Values) =>
  apiRequest<{ facility: FacilityView }>(FACILITY, { method: "POST", body: { facility } });
export const updateFacility = (facility: Values & { id: string }) =>
  apiRequest<{ facility: FacilityView }>(FACILITY, { method: "PATCH", body: { facility } });
export const deleteFacility = (facility: { id: string; organization_id?: string }) =>
  apiRequest<{ facilities: FacilityView[] }>(FACILITY, { method: "DELETE", body: { facility } });

export const addLocation = (location: Values & { facility_id: string }) =>
  apiRequest<{ locations: LocationView[] }>(LOCATION, { method: "POST", body: { location } });
export const updateLocation = (location: Values & { id: string }) =>
  apiRequest<{ locations: LocationView[] }>(LOCATION, { method: "PATCH", body: { location } });
export const deleteLocation = (location: { id: string; organization_id?: string }) =>
  apiRequest<{ locations: LocationView[] }>(LOCATION, { method: "DELETE", body: { location } });

export const addProvider = (provider: Values) =>
  apiRequest<{ provider: ProviderView }>(PROVIDER, { method: "POST", body: { provider } });
export const updateProvider = (provider: Values & { id: string }) =>
  apiRequest<{ provider: ProviderView }>(PROVIDER, { method: "PATCH", body: { provider } });
export const deleteProvider = (provider: { id: string; organization_id?: string }) =>
  apiRequest<{ providers: ProviderView[] }>(PROVIDER, { method: "DELETE", body: { provider } });

export type NpiKind = "organization" | "individual";

/** An NPI look-up's answer: the registry's record, or a 404 ApiError naming the npi field. */
export const lookUpNpi = (kind: NpiKind, npi: string) =>
  apiRequest<{ data: Record<string, unknown> }>(`/api/services/lexisnexis/${kind}/`, {
    method: "POST",
    body: { query: npi },
  });

/** Whether a zip belongs to a 'City, ST'. */
export const checkLocation = (cityState: string, zipcode: string) =>
  apiRequest<{ state: boolean }>("/api/services/location/check-location/", {
    method: "POST",
    body: { city_state: cityState, zipcode },
  });

/** A form field's autocomplete (its api_url): [value, label] pairs. */
export const autocomplete = (url: string, query: string, other: string | undefined, signal?: AbortSignal) =>
  apiRequest<{ data: [string, string][] }>(url, {
    method: "POST",
    body: other === undefined ? { query } : { query, other },
    signal,
  });
