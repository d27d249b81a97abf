import { z } from "zod";
import {
  definePlugin,
  FACILITY_TYPES,
  SERVICE_LINE_LABELS,
  type ServiceLine,
  share,
  sqlNumber,
  sqlText,
} from "../../server/engine/index.ts";
import { catalogue } from "./catalogue.ts";
import { siteOfCareFilters } from "./filters.ts";
import { siteOfCareInsights } from "./insights.ts";
import { siteOfCareView } from "./view.ts";

type Setting = (typeof FACILITY_TYPES)[number];
type Side = "competitor" | "customer";
const SIDES: Side[] = ["competitor", "customer"];

const socRow = z.object({
  service_line: sqlText,
  setting: z.enum(FACILITY_TYPES),
  is_customer: z.boolean(),
  cases: sqlNumber,
});
type SocRow = z.infer<typeof socRow>;

/** Cases per (line|all, setting, side), then shares of each side's cases across settings. */
function casesOf(rows: SocRow[], side: Side, setting: Setting, line?: string) {
  return rows
    .filter(
      (row) =>
        row.is_customer === (side === "customer") &&
        row.setting === setting &&
        (!line || row.service_line === line),
    )
    .reduce((total, row) => total + row.cases, 0);
}

function sharesBySetting(rows: SocRow[], side: Side, line?: string) {
  const cases = Object.fromEntries(
    FACILITY_TYPES.map((setting) => [setting, casesOf(rows, side, setting, line)]),
  ) as Record<Setting, number>;
  const total = FACILITY_TYPES.reduce((sum, setting) => sum + cases[setting], 0);
  return Object.fromEntries(
    FACILITY_TYPES.map((setting) => [setting, share(cases[setting], total)]),
  ) as Record<Setting, number>;
}

export default definePlugin({
  id: "querie6",
  ...catalogue,
  description:
    "How each surgical service splits between inpatient, outpatient, ASC and office settings, for the practice and for its competitors.",
  version: 1,
  dir: import.meta.dir,
  filters: siteOfCareFilters,
  view: siteOfCareView,
  async kernel({ sql, filters }) {
    const rows = await sql.rows("site_of_care.sql", socRow);
    const overall: Record<string, Record<Setting, Record<Side, { market_share: number }>>> = {};
    const datasets: Array<{
      service_line: ServiceLine;
      service: string;
      setting: Setting;
      side: Side;
      market_share: number;
    }> = [];
    const table = [];
    for (const line of filters.servicelines) {
      const bySide = {
        competitor: sharesBySetting(rows, "competitor", line),
        customer: sharesBySetting(rows, "customer", line),
      };
      overall[line] = Object.fromEntries(
        FACILITY_TYPES.map((setting) => [
          setting,
          {
            competitor: { market_share: bySide.competitor[setting] },
            customer: { market_share: bySide.customer[setting] },
          },
        ]),
      ) as Record<Setting, Record<Side, { market_share: number }>>;
      for (const side of SIDES) {
        for (const setting of FACILITY_TYPES) {
          datasets.push({
            service_line: line,
            service: SERVICE_LINE_LABELS[line],
            setting,
            side,
            market_share: bySide[side][setting],
          });
        }
      }
      table.push(tableRow(SERVICE_LINE_LABELS[line], bySide));
    }
    // Pooled over the chosen lines: cases summed first, not an average of the lines' percentages.
    const pooled = {
      competitor: sharesBySetting(rows, "competitor"),
      customer: sharesBySetting(rows, "customer"),
    };
    const average = Object.fromEntries(
      FACILITY_TYPES.map((setting) => [
        setting,
        { competitor: pooled.competitor[setting], customer: pooled.customer[setting] },
      ]),
    ) as Record<Setting, Record<Side, number>>;
    table.push(tableRow("All surgical service", pooled));
    return {
      overall_surgical_market_site_of_care: overall,
      overall_surgical_market_site_of_care_datasets: datasets,
      average_site_of_care_settings: average,
      site_of_care_table: table,
    };
  },
  // After the kernel, which gives the result its type; the function checks it reads what exists.
  insights: (answer) => siteOfCareInsights(answer),
});

/** One row of the screen's table: Market (competitor) then Practice (customer) for each setting. */
function tableRow(service: string, bySide: Record<Side, Record<Setting, number>>) {
  return {
    service,
    market_ip: bySide.competitor.IP,
    market_op: bySide.competitor.OP,
    market_asc: bySide.competitor.ASC,
    market_office: bySide.competitor.OFFICE,
    practice_ip: bySide.customer.IP,
    practice_op: bySide.customer.OP,
    practice_asc: bySide.customer.ASC,
    practice_office: bySide.customer.OFFICE,
  };
}
