/**
 * querie3 from its prepared table (prepared_cases.sql): the organisation-year's cases by what the
 * filters narrow, made once per data version; a request keeps the rows its filters keep
 * (market_base's rule) and adds them up per service line, as mix.sql does.
 */
import { z } from "zod";
import { preparedAnswer, sqlNumber } from "../../server/engine/index.ts";
import { addUpByRank, inMarketBase, marketRowColumns } from "../../server/engine/preparedFilters.ts";
import { type LineCases, mixResult } from "./mixResult.ts";

const casesRow = z.object({
  ...marketRowColumns,
  is_customer: z.boolean(),
  cases: sqlNumber,
  line_rank: sqlNumber,
});

export const subspecialtyMixPrepared = preparedAnswer({
  tables: { cases: { sql: "prepared_cases.sql", row: casesRow } },
  async answer({ filters, tables, filterLists }) {
    const lines = addUpByRank(
      tables.cases,
      inMarketBase(filters),
      (row) => row.line_rank,
      (row): LineCases => ({ service_line: row.service_line, market_cases: 0, customer_cases: 0 }),
      (line, row) => {
        line.market_cases += row.cases;
        if (row.is_customer) line.customer_cases += row.cases;
      },
    );
    return mixResult(lines, filters.servicelines, await filterLists());
  },
});
