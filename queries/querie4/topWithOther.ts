import { share, sum } from "../../server/engine/index.ts";

export interface Slice {
  npi: string | null;
  name: string;
  cases: number;
  own: boolean;
}

/**
 * A pie of the first `top` slices plus one OTHER slice holding the rest (customer-area.md section
 * 9: facilities top 9, providers top 30). The rest is returned as OTHER's breakdown, each with its
 * share of the whole pie and of OTHER (the breakdown pie is drawn on its own).
 */
export function topWithOther(rows: Slice[], top: number) {
  const total = sum(rows.map((row) => row.cases));
  const head = rows.slice(0, top);
  const rest = rows.slice(top);
  const otherCases = sum(rest.map((row) => row.cases));
  const pie = head.map((row) => ({ ...row, percentage: share(row.cases, total) }));
  if (rest.length > 0) {
    pie.push({
      npi: null,
      name: "OTHER",
      cases: otherCases,
      own: false,
      percentage: share(otherCases, total),
    });
  }
  const other = rest.map((row) => ({
    ...row,
    percentage: share(row.cases, total),
    share_of_other: share(row.cases, otherCases),
  }));
  return { pie, other, total };
}
