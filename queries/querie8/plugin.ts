import { z } from "zod";
import { definePlugin, sqlNumber, sqlText, sqlTextOrNull } from "../../server/engine/index.ts";
import { catalogue } from "./catalogue.ts";
import { leakageFilters } from "./filters.ts";
import { leakageInsights } from "./insights.ts";
import { leakageResult } from "./leakageResult.ts";
import { leakagePrepared } from "./prepared.ts";
import { texts } from "./texts.ts";
import { leakageView } from "./view.ts";

const leakageRow = z.object({
  service_line: sqlText,
  is_customer: z.boolean(),
  competitor: sqlTextOrNull,
  cases: sqlNumber,
});

export default definePlugin({
  id: "querie8",
  ...catalogue,
  texts,
  description:
    "Cases referred by the practice's own providers that were performed by competitors, by service line and competitor.",
  version: 1,
  dir: import.meta.dir,
  filters: leakageFilters,
  view: leakageView,
  prepared: leakagePrepared,
  async kernel({ sql, filters }) {
    return leakageResult(await sql.rows("leakage.sql", leakageRow), filters.servicelines);
  },
  // After the kernel, which gives the result its type; the function checks it reads what exists.
  insights: (answer) => leakageInsights(answer),
});
