import { z } from "zod";
import { definePlugin, sqlNumber, sqlText } from "../../server/engine/index.ts";
import { catalogue } from "./catalogue.ts";
import { subspecialtyMixFilters } from "./filters.ts";
import { mixInsights } from "./insights.ts";
import { mixResult } from "./mixResult.ts";
import { subspecialtyMixPrepared } from "./prepared.ts";
import { texts } from "./texts.ts";
import { subspecialtyMixView } from "./view.ts";

const mixRow = z.object({ service_line: sqlText, market_cases: sqlNumber, customer_cases: sqlNumber });

export default definePlugin({
  id: "querie3",
  ...catalogue,
  texts,
  description:
    "The practice's surgical mix by service line against the market's mix, with the differential in points.",
  version: 1,
  dir: import.meta.dir,
  filters: subspecialtyMixFilters,
  view: subspecialtyMixView,
  prepared: subspecialtyMixPrepared,
  async kernel({ sql, filters, filterLists }) {
    return mixResult(await sql.rows("mix.sql", mixRow), filters.servicelines, await filterLists());
  },
  // After the kernel, which gives the result its type; the function checks it reads what exists.
  insights: (answer) => mixInsights(answer),
});
