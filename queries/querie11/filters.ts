import type { FilterOptions } from "../../server/engine/index.ts";

/**
 * Year, service lines and service-area types as the other analyses, and the two what-if
 * percentages of this analysis (numbers from 0 to 100; a value outside, or not a number, is refused
 * naming the field).
 */
export const growthFilters: FilterOptions = {
  fields: ["year", "servicelines", "service_area"],
  numbers: {
    recapture_pct: { label: "Recapture (% of leaked cases)", minimum: 0, maximum: 100, default: 25 },
    asc_shift_pct: { label: "Shift to ASC (% of outpatient cases)", minimum: 0, maximum: 100, default: 0 },
  },
};
