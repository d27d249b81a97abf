/**
 * querie4 from its prepared table (prepared_partners.sql): the customer's pairs of M for every
 * filter combination's columns, made once per organisation-year data version; a request keeps the
 * rows its filters keep (market_base's rule), adds them up per pair as partners.sql does, then
 * shapes the pies as the kernel does (pies.ts).
 */
import { z } from "zod";
import { preparedAnswer, sqlNumber, sqlTextOrNull } from "../../server/engine/index.ts";
import { addUpByRank, inMarketBase, marketRowColumns } from "../../server/engine/preparedFilters.ts";
import { minText } from "../../server/engine/textOrder.ts";
import type { Partner } from "./partners.ts";
import { partnershipResult } from "./pies.ts";

const preparedPartner = z.object({
  ...marketRowColumns,
  own_provider: z.boolean().nullable(),
  own_facility: z.boolean().nullable(),
  facility_name: sqlTextOrNull,
  rendering_name: sqlTextOrNull,
  cases: sqlNumber,
  pair_rank: sqlNumber,
});

export const partnershipPrepared = preparedAnswer({
  tables: { partners: { sql: "prepared_partners.sql", row: preparedPartner } },
  async answer({ filters, tables, filterLists }) {
    const pairs = addUpByRank(
      tables.partners,
      inMarketBase(filters),
      (row) => row.pair_rank,
      (row): Partner => ({
        facility_npi: row.facility_npi,
        rendering_npi: row.rendering_npi,
        own_provider: row.own_provider,
        own_facility: row.own_facility,
        facility_name: row.facility_name,
        rendering_name: row.rendering_name,
        cases: 0,
      }),
      (pair, row) => {
        pair.facility_name = minText(pair.facility_name, row.facility_name);
        pair.rendering_name = minText(pair.rendering_name, row.rendering_name);
        pair.cases += row.cases;
      },
    );
    return partnershipResult(pairs, await filterLists());
  },
});
