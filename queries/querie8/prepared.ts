/**
 * querie8 from its prepared table (prepared_referred.sql): the organisation-year's cases referred
 * by the customer's providers, by what the filters narrow, made once per data version; a request
 * keeps the rows its filters keep (market_base's rule) and adds them up per line, side and
 * competitor, as leakage.sql does.
 */
import { z } from "zod";
import { preparedAnswer, sqlNumber, sqlTextOrNull } from "../../server/engine/index.ts";
import { addUpByRank, inMarketBase, marketRowColumns } from "../../server/engine/preparedFilters.ts";
import { leakageResult, type ReferredCases } from "./leakageResult.ts";

const referredRow = z.object({
  ...marketRowColumns,
  is_customer: z.boolean(),
  competitor: sqlTextOrNull,
  cases: sqlNumber,
  group_rank: sqlNumber,
});

export const leakagePrepared = preparedAnswer({
  tables: { referred: { sql: "prepared_referred.sql", row: referredRow } },
  answer({ filters, tables }) {
    const referred = addUpByRank(
      tables.referred,
      inMarketBase(filters),
      (row) => row.group_rank,
      (row): ReferredCases => ({
        service_line: row.service_line,
        is_customer: row.is_customer,
        competitor: row.competitor,
        cases: 0,
      }),
      (group, row) => {
        group.cases += row.cases;
      },
    );
    return leakageResult(referred, filters.servicelines);
  },
});
