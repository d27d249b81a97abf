/**
 * querie3's answer from its rows per service line (mix.sql's, or the prepared path's): the kernel
 * and the prepared answer shape the same rows with this one function.
 */
import type { FilterLists } from "../../server/engine/filterLists.ts";
import { SERVICE_LINE_LABELS, type ServiceLine, share, sum } from "../../server/engine/index.ts";

/** Differential highlight (customer-area.md section 9): above +10 points orange, below -10 yellow. */
export const DIFFERENTIAL_POINTS = 10;

/** Cases of M of one service line: all of them, and the customer's (mix.sql's row). */
export interface LineCases {
  service_line: string;
  market_cases: number;
  customer_cases: number;
}

const highlightOf = (differential: number) =>
  differential > DIFFERENTIAL_POINTS ? "orange" : differential < -DIFFERENTIAL_POINTS ? "yellow" : null;

export function mixResult(rows: LineCases[], servicelines: readonly ServiceLine[], filterLists: FilterLists) {
  const byLine = new Map(rows.map((row) => [row.service_line, row]));
  const customerTotal = sum(rows.map((row) => row.customer_cases));
  const marketTotal = sum(rows.map((row) => row.market_cases));
  // Every chosen line is listed, with zeros when it has no case, so the chart keeps its axis.
  const mix = servicelines.map((line) => {
    const customerCases = byLine.get(line)?.customer_cases ?? 0;
    const marketCases = byLine.get(line)?.market_cases ?? 0;
    const customerMix = share(customerCases, customerTotal);
    const marketMix = share(marketCases, marketTotal);
    const differential = customerMix - marketMix;
    return {
      service_line: line,
      service: SERVICE_LINE_LABELS[line],
      customer_cases: customerCases,
      market_cases: marketCases,
      customer_mix: customerMix,
      market_mix: marketMix,
      differential,
      highlight: highlightOf(differential),
    };
  });
  return {
    ...filterLists,
    subspecialty_mix: mix,
    customer_surgical_cases: customerTotal,
    market_surgical_cases: marketTotal,
  };
}
