import { definePlugin } from "../../server/engine/index.ts";
import { catalogue } from "./catalogue.ts";
import { partnershipFilters } from "./filters.ts";
import { partnershipInsights } from "./insights.ts";
import { partnerRow, partnerSlices, type SliceRow } from "./partners.ts";
import { topWithOther } from "./topWithOther.ts";
import { partnershipView } from "./view.ts";

/** customer-area.md section 9: pie charts show facilities top 9, providers top 30, then OTHER. */
export const TOP_FACILITIES = 9;
export const TOP_PROVIDERS = 30;

export default definePlugin({
  id: "querie4",
  ...catalogue,
  description:
    "Where the practice's surgeons operate (by facility) and who operates at the practice's facilities (by provider).",
  version: 1,
  dir: import.meta.dir,
  filters: partnershipFilters,
  view: partnershipView,
  async kernel({ sql, filterLists }) {
    const named = (rows: SliceRow[]) => rows.map((row) => ({ ...row, name: row.name ?? row.npi }));
    // One statement: the customer's cases by facility and provider; the two pies are summed here.
    const slices = partnerSlices(await sql.rows("partners.sql", partnerRow));
    const facilities = topWithOther(named(slices.facilities), TOP_FACILITIES);
    const providers = topWithOther(named(slices.providers), TOP_PROVIDERS);
    return {
      ...(await filterLists()),
      facilities_pie: facilities.pie,
      facilities_other: facilities.other,
      facilities_total: facilities.total,
      providers_pie: providers.pie,
      providers_other: providers.other,
      providers_total: providers.total,
    };
  },
  // After the kernel, which gives the result its type; the function checks it reads what exists.
  insights: (answer) => partnershipInsights(answer),
});
