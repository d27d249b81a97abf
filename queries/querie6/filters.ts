import type { FilterOptions } from "../../server/engine/index.ts";

/** customer-area.md querie6: filters year and servicelines (the service area stays at PSA). */
export const siteOfCareFilters: FilterOptions = { fields: ["year", "servicelines"] };
