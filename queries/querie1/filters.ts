import { ALL_FILTER_FIELDS, type FilterOptions } from "../../server/engine/index.ts";

/** The full filter set (customer-area.md section 3, "Query filters"). */
export const marketShareFilters: FilterOptions = { fields: [...ALL_FILTER_FIELDS] };
