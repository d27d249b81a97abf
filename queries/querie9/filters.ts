import type { FilterOptions } from "../../server/engine/index.ts";

/** customer-area.md querie9: filters year and servicelines. */
export const outmigrationFilters: FilterOptions = { fields: ["year", "servicelines"] };
