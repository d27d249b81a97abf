import { apiRequest } from "./client.ts";

/** Cumulative shares of the practice's cases that end each area (0.6 = 60%). */
export interface AreaShares {
  psa: number;
  ssa: number;
  tsa: number;
}

export const DEFAULT_AREA_SHARES: AreaShares = { psa: 0.6, ssa: 0.85, tsa: 0.95 };

/** The answer of POST /api/management/admin/customer/service_area/suggest/ (server/routes/admin/serviceAreaSuggest.ts). */
export interface ServiceAreaSuggestion {
  status: number;
  year: number;
  shares: AreaShares;
  /** What was counted: the practice's surgical cases, or its patients when the year has no surgical case. */
  basis: "surgical_cases" | "patients";
  service_area: Array<{ zipcode: string; type: "PSA" | "SSA" | "TSA"; cases: number }>;
  totals: { cases: number; psa_cases: number; ssa_cases: number; tsa_cases: number };
}

/** A service area proposed from the practice's patients of the year; writes nothing. */
export function suggestServiceArea(organizationId: string, year: number, shares: AreaShares) {
  return apiRequest<ServiceAreaSuggestion>("/api/management/admin/customer/service_area/suggest/", {
    method: "POST",
    body: { organization_uuid: organizationId, year, shares },
  });
}

/** The suggestion as the 'Copy/Past from xls' textarea takes it: one 'zipcode<TAB>type' line per zip. */
export const suggestionText = (suggestion: ServiceAreaSuggestion) =>
  suggestion.service_area.map((zip) => `${zip.zipcode}\t${zip.type}`).join("\n");
