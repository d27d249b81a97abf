import type { FilterOptions } from "../../server/engine/index.ts";

/** customer-area.md querie8: filters year and servicelines (the service area stays at PSA). */
export const leakageFilters: FilterOptions = { fields: ["year", "servicelines"] };
