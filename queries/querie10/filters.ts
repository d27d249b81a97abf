import type { FilterOptions } from "../../server/engine/index.ts";

/** customer-area.md querie10: filters year and servicelines; the line `other` is excluded. */
export const maturityFilters: FilterOptions = { fields: ["year", "servicelines"] };
