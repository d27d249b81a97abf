import { ALL_FILTER_FIELDS, type FilterOptions } from "../../server/engine/index.ts";

export const partnershipFilters: FilterOptions = { fields: [...ALL_FILTER_FIELDS] };
