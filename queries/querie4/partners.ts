import { z } from "zod";
import { sqlNumber, sqlText, sqlTextOrNull } from "../../server/engine/index.ts";
import { compareText, minText } from "../../server/engine/textOrder.ts";

/** One row of partners.sql. */
export const partnerRow = z.object({
  facility_npi: z.string().nullable(),
  rendering_npi: z.string().nullable(),
  own_provider: z.boolean().nullable(),
  own_facility: z.boolean().nullable(),
  facility_name: sqlTextOrNull,
  rendering_name: sqlTextOrNull,
  cases: sqlNumber,
});
export type Partner = z.infer<typeof partnerRow>;

/** A slice as the SQL rows of the pies were: a value they refuse (no NPI) fails the run as before. */
const sliceRow = z.object({ npi: sqlText, name: sqlTextOrNull, cases: sqlNumber, own: z.boolean() });
export type SliceRow = z.infer<typeof sliceRow>;

/** Pairs summed by one side's NPI, largest first (ties by name, NULL last, then NPI). */
function slicesBy(pairs: Partner[], side: "facility" | "rendering") {
  const slices = new Map<
    string | null,
    { npi: string | null; name: string | null; cases: number; own: boolean | null }
  >();
  for (const pair of pairs) {
    const npi = side === "facility" ? pair.facility_npi : pair.rendering_npi;
    const slice = slices.get(npi) ?? {
      npi,
      name: null,
      cases: 0,
      own: side === "facility" ? pair.own_facility : pair.own_provider,
    };
    slice.name = minText(slice.name, side === "facility" ? pair.facility_name : pair.rendering_name);
    // Cases are whole numbers (data-contract.md: int >= 1): sums are exact in any order.
    slice.cases += pair.cases;
    slices.set(npi, slice);
  }
  return [...slices.values()]
    .sort((a, b) => b.cases - a.cases || compareText(a.name, b.name) || compareText(a.npi, b.npi))
    .map((slice) => sliceRow.parse(slice));
}

/**
 * Where the customer's providers operate (their cases by facility, own facilities and partner
 * hospitals alike) and who operates at its facilities (those cases by rendering provider).
 */
export function partnerSlices(pairs: Partner[]) {
  return {
    facilities: slicesBy(
      pairs.filter((pair) => pair.own_provider),
      "facility",
    ),
    providers: slicesBy(
      pairs.filter((pair) => pair.own_facility),
      "rendering",
    ),
  };
}
