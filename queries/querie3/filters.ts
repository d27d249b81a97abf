import { ALL_FILTER_FIELDS, type FilterOptions } from "../../server/engine/index.ts";

/** A mix compares shares across lines: customer-area.md section 5 requires at least 3 (minservices). */
export const MIN_SERVICELINES = 3;

export const subspecialtyMixFilters: FilterOptions = {
  fields: [...ALL_FILTER_FIELDS],
  minServicelines: MIN_SERVICELINES,
};
