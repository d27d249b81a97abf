/**
 * querie7 from its prepared table (prepared_revenue.sql): the organisation-year's paid amounts per
 * category, made once per data version. querie7 has no filter that narrows the practice's lines
 * (the year only), so a request shapes the rows as they are, as the kernel shapes revenue.sql's.
 */
import { z } from "zod";
import { preparedAnswer, sqlNumber, sqlTextOrNull } from "../../server/engine/index.ts";
import { revenueResult } from "./revenueResult.ts";

const revenueRow = z.object({ category: sqlTextOrNull, revenue: sqlNumber });

export const revenuePrepared = preparedAnswer({
  tables: { revenue: { sql: "prepared_revenue.sql", row: revenueRow } },
  answer: ({ tables }) => revenueResult(tables.revenue.rows()),
});
