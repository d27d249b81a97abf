import type { ServiceAreaSuggestion } from "./answers.ts";
import { apiRequest } from "./client.ts";
import type { SuggestServiceAreaBody } from "./requests.ts";

/** Cumulative shares of the practice's cases that end each area (0.6 = 60%). */
export type AreaShares = ServiceAreaSuggestion["shares"];

export const DEFAULT_AREA_SHARES: AreaShares = { psa: 0.6, ssa: 0.85, tsa: 0.95 };

export type { ServiceAreaSuggestion };

/** A service area proposed from the practice's patients of the year; writes nothing. */
export function suggestServiceArea(organizationId: string, year: number, shares: AreaShares) {
  return apiRequest<ServiceAreaSuggestion, SuggestServiceAreaBody>(
    "/api/management/admin/customer/service_area/suggest/",
    {
      method: "POST",
      body: { organization_uuid: organizationId, year, shares },
    },
  );
}

/** The suggestion as the 'Copy/Past from xls' textarea takes it: one 'zipcode<TAB>type' line per zip. */
export const suggestionText = (suggestion: ServiceAreaSuggestion) =>
  suggestion.service_area.map((zip) => `${zip.zipcode}\t${zip.type}`).join("\n");
