import { z } from "zod";
import { definePlugin, sqlNumber, sqlText } from "../../server/engine/index.ts";
import { catalogue } from "./catalogue.ts";
import { maturityFilters } from "./filters.ts";
import { maturityInsights } from "./insights.ts";
import { maturityResult } from "./maturity.ts";
import { maturityPrepared } from "./prepared.ts";
import { texts } from "./texts.ts";
import { maturityView } from "./view.ts";

const maturityRow = z.object({
  period: z.enum(["current", "reference"]),
  service_line: sqlText,
  market_cases: sqlNumber,
  customer_cases: sqlNumber,
  customer_asc_cases: sqlNumber,
  providers: sqlNumber,
  referrers: sqlNumber,
});

export default definePlugin({
  id: "querie10",
  ...catalogue,
  texts,
  description:
    "How each surgical service line grew since the reference (oldest) year: volume, market share, ASC shift, provider depth and referral base.",
  version: 1,
  dir: import.meta.dir,
  filters: maturityFilters,
  view: maturityView,
  prepared: maturityPrepared,
  async kernel({ sql, filters, inputs }) {
    return maturityResult(await sql.rows("maturity.sql", maturityRow), filters, inputs);
  },
  // After the kernel, which gives the result its type; the function checks it reads what exists.
  insights: (answer) => maturityInsights(answer),
});
