import { ALL_FILTER_FIELDS, type FilterOptions } from "../../server/engine/index.ts";

export const referralFilters: FilterOptions = { fields: [...ALL_FILTER_FIELDS] };
