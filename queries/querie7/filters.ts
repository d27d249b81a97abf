import type { FilterOptions } from "../../server/engine/index.ts";

/** customer-area.md querie7: the year only; revenue reads the practice's own lines (P). */
export const revenueFilters: FilterOptions = { fields: ["year"] };
