import { definePlugin } from "../../server/engine/index.ts";
import { catalogue } from "./catalogue.ts";
import { partnershipFilters } from "./filters.ts";
import { partnershipInsights } from "./insights.ts";
import { partnerRow } from "./partners.ts";
import { partnershipResult } from "./pies.ts";
import { partnershipPrepared } from "./prepared.ts";
import { texts } from "./texts.ts";
import { partnershipView } from "./view.ts";

export default definePlugin({
  id: "querie4",
  ...catalogue,
  texts,
  description:
    "Where the practice's surgeons operate (by facility) and who operates at the practice's facilities (by provider).",
  version: 1,
  dir: import.meta.dir,
  filters: partnershipFilters,
  view: partnershipView,
  prepared: partnershipPrepared,
  async kernel({ sql, filterLists }) {
    // One statement: the customer's cases by facility and provider; the two pies are summed here.
    return partnershipResult(await sql.rows("partners.sql", partnerRow), await filterLists());
  },
  // After the kernel, which gives the result its type; the function checks it reads what exists.
  insights: (answer) => partnershipInsights(answer),
});
