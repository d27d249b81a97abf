import type { FilterOptions } from "../../server/engine/index.ts";

/**
 * The filters that apply to the practice's own lines (P). The service area is a market notion and
 * does not restrict P: the footprint shows where all the practice's patients come from.
 */
export const footprintFilters: FilterOptions = {
  fields: [
    "year",
    "servicelines",
    "facility_type",
    "facility_zipcodes",
    "provider_zipcodes",
    "facilities",
    "providers",
  ],
};
