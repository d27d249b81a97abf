import { z } from "zod";
import {
  definePlugin,
  SERVICE_LINE_LABELS,
  share,
  sqlNumber,
  sqlText,
  sqlTextOrNull,
} from "../../server/engine/index.ts";
import { catalogue } from "./catalogue.ts";
import { leakageFilters } from "./filters.ts";
import { leakageInsights } from "./insights.ts";
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
  description:
    "Cases referred by the practice's own providers that were performed by competitors, by service line and competitor.",
  version: 1,
  dir: import.meta.dir,
  filters: leakageFilters,
  view: leakageView,
  async kernel({ sql, filters }) {
    const rows = await sql.rows("leakage.sql", leakageRow);
    const leakage: Record<string, { cases_leeked: number; total: number; percentage: number }> = {};
    const leakageProvider: Record<string, { volume: number; competitors: Record<string, number> }> = {};
    for (const line of filters.servicelines) {
      const ofLine = rows.filter((row) => row.service_line === line);
      const total = ofLine.reduce((sum, row) => sum + row.cases, 0);
      const leaked = ofLine.filter((row) => !row.is_customer);
      const casesLeaked = leaked.reduce((sum, row) => sum + row.cases, 0);
      leakage[line] = { cases_leeked: casesLeaked, total, percentage: share(casesLeaked, total) };
      const competitors: Record<string, number> = {};
      // Two competitor NPIs under one name are one entry of the screen's list.
      for (const row of [...leaked].sort((a, b) => b.cases - a.cases)) {
        const name = row.competitor ?? "Unknown";
        competitors[name] = (competitors[name] ?? 0) + row.cases;
      }
      leakageProvider[line] = { volume: casesLeaked, competitors };
    }
    return {
      leakage,
      leakage_provider: leakageProvider,
      leakage_table: filters.servicelines.map((line) => ({
        service_line: line,
        service: SERVICE_LINE_LABELS[line],
        ...leakage[line]!,
      })),
      leakage_provider_table: filters.servicelines.map((line) => ({
        name: SERVICE_LINE_LABELS[line],
        service_line: line,
        volume: leakageProvider[line]!.volume,
        competitors: Object.entries(leakageProvider[line]!.competitors)
          .sort(([nameA, a], [nameB, b]) => b - a || nameA.localeCompare(nameB))
          .map(([name, cases]) => ({ name, volume: cases })),
      })),
    };
  },
  // After the kernel, which gives the result its type; the function checks it reads what exists.
  insights: (answer) => leakageInsights(answer),
});
