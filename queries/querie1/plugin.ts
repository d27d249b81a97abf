import { definePlugin } from "../../server/engine/index.ts";
import { catalogue } from "./catalogue.ts";
import { marketShareFilters } from "./filters.ts";
import { marketShareInsights } from "./insights.ts";
import { pairRow } from "./marketShare.ts";
import { marketSharePrepared } from "./prepared.ts";
import { marketShareResult } from "./share.ts";
import { texts } from "./texts.ts";
import { marketShareView } from "./view.ts";

export default definePlugin({
  id: "querie1",
  ...catalogue,
  texts,
  description:
    "Surgical market share of the competitor facilities and providers in the service area, against the practice's own share.",
  version: 2,
  dir: import.meta.dir,
  filters: marketShareFilters,
  view: marketShareView,
  prepared: marketSharePrepared,
  async kernel({ sql, filterLists }) {
    // One statement: M by facility, rendering provider and side; the lists are grouped here.
    return marketShareResult(await sql.rows("pairs.sql", pairRow), await filterLists());
  },
  // After the kernel, which gives the result its type; the function checks it reads what exists.
  insights: (answer) => marketShareInsights(answer),
});
