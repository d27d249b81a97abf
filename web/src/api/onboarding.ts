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
import type {
  AddFacilityBody,
  AddLocationBody,
  AddProviderBody,
  AutocompleteBody,
  ChangeFacilityBody,
  ChangeLocationBody,
  ChangeProviderBody,
  CheckLocationBody,
  NpiLookupBody,
  RemoveFacilityBody,
  RemoveLocationBody,
  RemoveProviderBody,
} from "./requests.ts";

/**
 * The onboarding calls (customer-area.md section 7, admin-area.md section 7): a practice's
 * facilities, their locations and its providers (POST add, PATCH update, DELETE remove), the NPI
 * look-ups, the city/zip check and a form's autocomplete. Staff pass `organization_id` in the entity.
 */

export type { FacilityView, LocationView, ProviderView };

const FACILITY = "/api/management/customer/facility/";
const LOCATION = "/api/management/customer/facility-location/";
const PROVIDER = "/api/management/customer/provider/";

/** Each call sends `{<entity>: {...}}`: the entity's fields are the server's form schema's. */
export type NewFacility = AddFacilityBody["facility"];
export type FacilityChange = ChangeFacilityBody["facility"];
export type NewLocation = AddLocationBody["location"];
export type LocationChange = ChangeLocationBody["location"];
export type NewProvider = AddProviderBody["provider"];
export type ProviderChange = ChangeProviderBody["provider"];

export const addFacility = (facility: NewFacility) =>
  apiRequest<FacilityAnswer, AddFacilityBody>(FACILITY, { method: "POST", body: { facility } });
export const updateFacility = (facility: FacilityChange) =>
  apiRequest<FacilityAnswer, ChangeFacilityBody>(FACILITY, { method: "PATCH", body: { facility } });
export const deleteFacility = (facility: RemoveFacilityBody["facility"]) =>
  apiRequest<FacilitiesAnswer, RemoveFacilityBody>(FACILITY, { method: "DELETE", body: { facility } });

export const addLocation = (location: NewLocation) =>
  apiRequest<LocationsAnswer, AddLocationBody>(LOCATION, { method: "POST", body: { location } });
export const updateLocation = (location: LocationChange) =>
  apiRequest<LocationsAnswer, ChangeLocationBody>(LOCATION, { method: "PATCH", body: { location } });
export const deleteLocation = (location: RemoveLocationBody["location"]) =>
  apiRequest<LocationsAnswer, RemoveLocationBody>(LOCATION, { method: "DELETE", body: { location } });

export const addProvider = (provider: NewProvider) =>
  apiRequest<ProviderAnswer, AddProviderBody>(PROVIDER, { method: "POST", body: { provider } });
export const updateProvider = (provider: ProviderChange) =>
  apiRequest<ProviderAnswer, ChangeProviderBody>(PROVIDER, { method: "PATCH", body: { provider } });
export const deleteProvider = (provider: RemoveProviderBody["provider"]) =>
  apiRequest<ProvidersAnswer, RemoveProviderBody>(PROVIDER, { method: "DELETE", body: { provider } });

export type NpiKind = "organization" | "individual";

/** An NPI look-up's answer: the registry's record, or a 404 ApiError naming the npi field. */
export const lookUpNpi = (kind: NpiKind, npi: string) =>
  apiRequest<OrganisationLookupAnswer | IndividualLookupAnswer, NpiLookupBody>(
    `/api/services/lexisnexis/${kind}/`,
    {
      method: "POST",
      body: { query: npi },
    },
  );

/** Whether a zip belongs to a 'City, ST'. */
export const checkLocation = (cityState: string, zipcode: string) =>
  apiRequest<ZipInCityAnswer, CheckLocationBody>("/api/services/location/check-location/", {
    method: "POST",
    body: { city_state: cityState, zipcode },
  });

/** A form field's autocomplete (its api_url): [value, label] pairs. */
export const autocomplete = (url: string, query: string, other: string | undefined, signal?: AbortSignal) =>
  apiRequest<ChoicesAnswer, AutocompleteBody>(url, {
    method: "POST",
    body: other === undefined ? { query } : { query, other },
    signal,
  });
