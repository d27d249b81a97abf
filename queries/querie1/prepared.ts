/**
 * querie1 from its prepared table (prepared_pairs.sql): M's pairs for every filter combination's
 * columns, made once per organisation-year data version; a request keeps the rows its filters keep
 * (market_base's rule) and adds them up per pair, as pairs.sql does, then shapes them as the
 * kernel does (marketShare.ts, share.ts).
 */
import { z } from "zod";
import { preparedAnswer, sqlNumber, sqlTextOrNull } from "../../server/engine/index.ts";
import { addUpByRank, inMarketBase, marketRowColumns } from "../../server/engine/preparedFilters.ts";
import { minText } from "../../server/engine/textOrder.ts";
import type { Pair } from "./marketShare.ts";
import { marketShareResult } from "./share.ts";

const preparedPair = z.object({
  ...marketRowColumns,
  is_customer: z.boolean(),
  facility_name: sqlTextOrNull,
  rendering_name: sqlTextOrNull,
  cases: sqlNumber,
  pair_rank: sqlNumber,
});

export const marketSharePrepared = preparedAnswer({
  tables: { pairs: { sql: "prepared_pairs.sql", row: preparedPair } },
  async answer({ filters, tables, filterLists }) {
    const pairs = addUpByRank(
      tables.pairs,
      inMarketBase(filters),
      (row) => row.pair_rank,
      (row): Pair => ({
        facility_npi: row.facility_npi,
        rendering_npi: row.rendering_npi,
        is_customer: row.is_customer,
        facility_name: row.facility_name,
        facility_zip: row.facility_zip,
        rendering_name: row.rendering_name,
        cases: 0,
      }),
      (pair, row) => {
        pair.facility_name = minText(pair.facility_name, row.facility_name);
        pair.facility_zip = minText(pair.facility_zip, row.facility_zip);
        pair.rendering_name = minText(pair.rendering_name, row.rendering_name);
        pair.cases += row.cases;
      },
    );
    return marketShareResult(pairs, await filterLists());
  },
});
