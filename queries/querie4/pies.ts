/** querie4's result from partners.sql's pairs, as the kernel reads them and the prepared answer adds them up. */
import type { FilterLists } from "../../server/engine/filterLists.ts";
import { type Partner, partnerSlices, type SliceRow } from "./partners.ts";
import { topWithOther } from "./topWithOther.ts";

/** customer-area.md section 9: pie charts show facilities top 9, providers top 30, then OTHER. */
export const TOP_FACILITIES = 9;
export const TOP_PROVIDERS = 30;

export function partnershipResult(pairs: Partner[], lists: FilterLists) {
  const named = (rows: SliceRow[]) => rows.map((row) => ({ ...row, name: row.name ?? row.npi }));
  const slices = partnerSlices(pairs);
  const facilities = topWithOther(named(slices.facilities), TOP_FACILITIES);
  const providers = topWithOther(named(slices.providers), TOP_PROVIDERS);
  return {
    ...lists,
    facilities_pie: facilities.pie,
    facilities_other: facilities.other,
    facilities_total: facilities.total,
    providers_pie: providers.pie,
    providers_other: providers.other,
    providers_total: providers.total,
  };
}
