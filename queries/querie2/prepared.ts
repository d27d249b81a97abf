/**
 * querie2 from its prepared table (prepared_referrals.sql): the organisation-year's referred cases
 * made once per data version; a request keeps the rows its filters keep (market_base's rule) and
 * adds them up per referrer, as referrers.sql does.
 */
import { z } from "zod";
import { preparedAnswer, sqlNumber, sqlText, sqlTextOrNull } from "../../server/engine/index.ts";
import { addUpByRank, inMarketBase, marketRowColumns } from "../../server/engine/preparedFilters.ts";
import { minText } from "../../server/engine/textOrder.ts";
import { type ReferrerCases, referralResult } from "./referrals.ts";

const referredRow = z.object({
  ...marketRowColumns,
  referring_npi: sqlText,
  is_customer: z.boolean(),
  referring_name: sqlTextOrNull,
  cases: sqlNumber,
  referrer_rank: sqlNumber,
});

export const referralPrepared = preparedAnswer({
  tables: { referred: { sql: "prepared_referrals.sql", row: referredRow } },
  async answer({ filters, tables, filterLists }) {
    const referrers = addUpByRank(
      tables.referred,
      inMarketBase(filters),
      (row) => row.referrer_rank,
      (row): ReferrerCases => ({ npi: row.referring_npi, name: null, total: 0, customer: 0, competitors: 0 }),
      (referrer, row) => {
        referrer.name = minText(referrer.name, row.referring_name);
        referrer.total += row.cases;
        if (row.is_customer) referrer.customer += row.cases;
        else referrer.competitors += row.cases;
      },
    );
    return referralResult(referrers, await filterLists());
  },
});
