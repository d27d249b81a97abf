import type { FilterOptions } from "../../server/engine/filters.ts";

/** The full filter set (customer-area.md section 3, "Query filters"). */
export const marketShareFilters: FilterOptions = {
  fields: [
    "year",
    "servicelines",
    "service_area",
    "facility_type",
    "facility_zipcodes",
    "provider_zipcodes",
    "facilities",
    "providers",
  ],
};
