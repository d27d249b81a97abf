/**
 * querie6's answer from its cases by service line, setting and side (site_of_care.sql's rows, or
 * the prepared path's): the kernel and the prepared answer shape the same rows with this function.
 */
import { FACILITY_TYPES, SERVICE_LINE_LABELS, type ServiceLine, share } from "../../server/engine/index.ts";

export type Setting = (typeof FACILITY_TYPES)[number];
type Side = "competitor" | "customer";
const SIDES: Side[] = ["competitor", "customer"];

/** Cases of M of one service line, setting and side (site_of_care.sql's row). */
export interface SiteCases {
  service_line: string;
  setting: Setting;
  is_customer: boolean;
  cases: number;
}

/** Cases per (line|all, setting, side), then shares of each side's cases across settings. */
function casesOf(rows: SiteCases[], side: Side, setting: Setting, line?: string) {
  return rows
    .filter(
      (row) =>
        row.is_customer === (side === "customer") &&
        row.setting === setting &&
        (!line || row.service_line === line),
    )
    .reduce((total, row) => total + row.cases, 0);
}

function sharesBySetting(rows: SiteCases[], side: Side, line?: string) {
  const cases = Object.fromEntries(
    FACILITY_TYPES.map((setting) => [setting, casesOf(rows, side, setting, line)]),
  ) as Record<Setting, number>;
  const total = FACILITY_TYPES.reduce((sum, setting) => sum + cases[setting], 0);
  return Object.fromEntries(
    FACILITY_TYPES.map((setting) => [setting, share(cases[setting], total)]),
  ) as Record<Setting, number>;
}

export function siteOfCareResult(rows: SiteCases[], servicelines: readonly ServiceLine[]) {
  const overall: Record<string, Record<Setting, Record<Side, { market_share: number }>>> = {};
  const datasets: Array<{
    service_line: ServiceLine;
    service: string;
    setting: Setting;
    side: Side;
    market_share: number;
  }> = [];
  const table = [];
  for (const line of servicelines) {
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
}

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
