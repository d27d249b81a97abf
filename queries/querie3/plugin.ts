import { z } from "zod";
import {
  definePlugin,
  SERVICE_LINE_LABELS,
  share,
  sqlNumber,
  sqlText,
  sum,
} from "../../server/engine/index.ts";
import { catalogue } from "./catalogue.ts";
import { subspecialtyMixFilters } from "./filters.ts";
import { mixInsights } from "./insights.ts";
import { subspecialtyMixView } from "./view.ts";

/** Differential highlight (customer-area.md section 9): above +10 points orange, below -10 yellow. */
export const DIFFERENTIAL_POINTS = 10;

const mixRow = z.object({ service_line: sqlText, market_cases: sqlNumber, customer_cases: sqlNumber });

const highlightOf = (differential: number) =>
  differential > DIFFERENTIAL_POINTS ? "orange" : differential < -DIFFERENTIAL_POINTS ? "yellow" : null;

export default definePlugin({
  id: "querie3",
  ...catalogue,
  description:
    "The practice's surgical mix by service line against the market's mix, with the differential in points.",
  version: 1,
  dir: import.meta.dir,
  filters: subspecialtyMixFilters,
  view: subspecialtyMixView,
  async kernel({ sql, filters, filterLists }) {
    const rows = await sql.rows("mix.sql", mixRow);
    const byLine = new Map(rows.map((row) => [row.service_line, row]));
    const customerTotal = sum(rows.map((row) => row.customer_cases));
    const marketTotal = sum(rows.map((row) => row.market_cases));
    // Every chosen line is listed, with zeros when it has no case, so the chart keeps its axis.
    const mix = filters.servicelines.map((line) => {
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
      ...(await filterLists()),
      subspecialty_mix: mix,
      customer_surgical_cases: customerTotal,
      market_surgical_cases: marketTotal,
    };
  },
  // After the kernel, which gives the result its type; the function checks it reads what exists.
  insights: (answer) => mixInsights(answer),
});
