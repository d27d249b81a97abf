/** querie2's result from its referrers' rows, as the kernel reads them and the prepared answer adds them up. */
import type { FilterLists } from "../../server/engine/filterLists.ts";
import { share } from "../../server/engine/index.ts";

/** Rows of each table: the screen lists the strongest referrers, not the whole market's tail. */
export const REFERRER_ROWS = 100;

export interface ReferrerCases {
  npi: string;
  name: string | null;
  total: number;
  customer: number;
  competitors: number;
}
type Referrer = ReferrerCases & { customer_share: number };

const byDescending = (key: "customer" | "competitors") => (a: Referrer, b: Referrer) =>
  b[key] - a[key] || b.total - a.total || a.npi.localeCompare(b.npi);

export function referralResult(rows: ReferrerCases[], lists: FilterLists) {
  const referrers: Referrer[] = rows.map((row) => ({
    ...row,
    customer_share: share(row.customer, row.total),
  }));
  return {
    ...lists,
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
}
