import { z } from "zod";
import { definePlugin, sqlNumber, sqlText, sqlTextOrNull } from "../../server/engine/index.ts";
import { catalogue } from "./catalogue.ts";
import { referralFilters } from "./filters.ts";
import { referralInsights } from "./insights.ts";
import { referralPrepared } from "./prepared.ts";
import { referralResult } from "./referrals.ts";
import { texts } from "./texts.ts";
import { referralView } from "./view.ts";

const referrerRow = z.object({
  npi: sqlText,
  name: sqlTextOrNull,
  total: sqlNumber,
  customer: sqlNumber,
  competitors: sqlNumber,
});

export default definePlugin({
  id: "querie2",
  ...catalogue,
  texts,
  description:
    "Referring providers of the market: those sending most cases to competitors (targets) and those sending most to the practice.",
  version: 1,
  dir: import.meta.dir,
  filters: referralFilters,
  view: referralView,
  prepared: referralPrepared,
  async kernel({ sql, filterLists }) {
    return referralResult(await sql.rows("referrers.sql", referrerRow), await filterLists());
  },
  // After the kernel, which gives the result its type; the function checks it reads what exists.
  insights: (answer) => referralInsights(answer),
});
