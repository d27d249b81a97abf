import { z } from "zod";
import { definePlugin, share, sqlNumber, sqlText, sqlTextOrNull } from "../../server/engine/index.ts";
import { catalogue } from "./catalogue.ts";
import { referralFilters } from "./filters.ts";
import { referralInsights } from "./insights.ts";
import { referralView } from "./view.ts";

/** Rows of each table: the screen lists the strongest referrers, not the whole market's tail. */
export const REFERRER_ROWS = 100;

const referrerRow = z.object({
  npi: sqlText,
  name: sqlTextOrNull,
  total: sqlNumber,
  customer: sqlNumber,
  competitors: sqlNumber,
});
type Referrer = z.infer<typeof referrerRow> & { customer_share: number };

const byDescending = (key: "customer" | "competitors") => (a: Referrer, b: Referrer) =>
  b[key] - a[key] || b.total - a.total || a.npi.localeCompare(b.npi);

export default definePlugin({
  id: "querie2",
  ...catalogue,
  description:
    "Referring providers of the market: those sending most cases to competitors (targets) and those sending most to the practice.",
  version: 1,
  dir: import.meta.dir,
  filters: referralFilters,
  view: referralView,
  async kernel({ sql, filterLists }) {
    const rows = await sql.rows("referrers.sql", referrerRow);
    const referrers: Referrer[] = rows.map((row) => ({
      ...row,
      customer_share: share(row.customer, row.total),
    }));
    return {
      ...(await filterLists()),
      referral_targets: referrers
        .filter((referrer) => referrer.competitors > 0)
        .sort(byDescending("competitors"))
        .slice(0, REFERRER_ROWS),
      referral_partners: referrers
        .filter((referrer) => referrer.customer > 0)
        .sort(byDescending("customer"))
        .slice(0, REFERRER_ROWS),
      referrers_count: referrers.length,
    };
  },
  // After the kernel, which gives the result its type; the function checks it reads what exists.
  insights: (answer) => referralInsights(answer),
});
