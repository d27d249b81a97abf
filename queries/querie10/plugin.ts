import { z } from "zod";
import { definePlugin, SERVICE_LINE_LABELS, sqlNumber, sqlText } from "../../server/engine/index.ts";
import { catalogue } from "./catalogue.ts";
import {
  COMPONENTS,
  type Component,
  componentChanges,
  componentValues,
  EMPTY_YEAR,
  type LineYear,
} from "./components.ts";
import { maturityFilters } from "./filters.ts";
import { maturityInsights } from "./insights.ts";
import { maturityView } from "./view.ts";

const maturityRow = z.object({
  period: z.enum(["current", "reference"]),
  service_line: sqlText,
  market_cases: sqlNumber,
  customer_cases: sqlNumber,
  customer_asc_cases: sqlNumber,
  providers: sqlNumber,
  referrers: sqlNumber,
});

export const COMPONENT_LABELS: Record<Component, string> = {
  volume: "Volume",
  market_share: "Market share",
  asc_shift: "ASC shift",
  provider_depth: "Provider depth",
  referral_base: "Referral base",
};

/** The selected year is the reference (oldest) year: every change is 0 and means nothing. */
export const SECOND_YEAR_NOTE = "A trend needs a second year of data";

/**
 * What the screen shows in place of the maturity chart and table, or null when there is a trend:
 * the selected year is the reference (oldest) one; when a later year exists, it says to choose it.
 */
export function trendNote(inputs: { year: number; referenceYear: number; availableYears?: number[] }) {
  if (inputs.year !== inputs.referenceYear) return null;
  const later = inputs.availableYears?.find((year) => year > inputs.year);
  return later === undefined
    ? SECOND_YEAR_NOTE
    : `${SECOND_YEAR_NOTE}: ${inputs.year} is the reference year; choose ${later} to see the change`;
}

export default definePlugin({
  id: "querie10",
  ...catalogue,
  description:
    "How each surgical service line grew since the reference (oldest) year: volume, market share, ASC shift, provider depth and referral base.",
  version: 1,
  dir: import.meta.dir,
  filters: maturityFilters,
  view: maturityView,
  async kernel({ sql, filters, inputs }) {
    const rows = await sql.rows("maturity.sql", maturityRow);
    const yearOf = (line: string, period: "current" | "reference"): LineYear =>
      rows.find((row) => row.service_line === line && row.period === period) ?? EMPTY_YEAR;
    const lines = filters.servicelines.filter((line) => line !== "other");

    const maturityComponent: Record<string, Record<Component, number>> = {};
    const maturityDetail: Record<string, Record<Component, { reference: number; current: number }>> = {};
    const maturityTotal: Array<{ service_line: string; service: string; maturity: number }> = [];
    const maturityValues: Array<{ service_line: string; service: string } & Record<Component, number>> = [];
    for (const line of lines) {
      const reference = yearOf(line, "reference");
      const current = yearOf(line, "current");
      const changes = componentChanges(reference, current);
      const before = componentValues(reference);
      const after = componentValues(current);
      maturityComponent[line] = changes;
      maturityValues.push({ service_line: line, service: SERVICE_LINE_LABELS[line], ...after });
      maturityDetail[line] = Object.fromEntries(
        COMPONENTS.map((component) => [
          component,
          { reference: before[component], current: after[component] },
        ]),
      ) as Record<Component, { reference: number; current: number }>;
      const maturity = COMPONENTS.reduce((sum, component) => sum + changes[component], 0) / COMPONENTS.length;
      maturityTotal.push({ service_line: line, service: SERVICE_LINE_LABELS[line], maturity });
    }
    return {
      year: inputs.year,
      reference_year: inputs.referenceYear,
      trend_note: trendNote(inputs),
      maturity_values: maturityValues,
      maturity_total: maturityTotal,
      maturity_detail: maturityDetail,
      maturity_component: maturityComponent,
      maturity_table: maturityTotal.map((line) => ({
        name: line.service,
        service_line: line.service_line,
        maturity: line.maturity,
        components: COMPONENTS.map((component) => ({
          name: COMPONENT_LABELS[component],
          component,
          maturity: maturityComponent[line.service_line]![component],
        })),
      })),
    };
  },
  // After the kernel, which gives the result its type; the function checks it reads what exists.
  insights: (answer) => maturityInsights(answer),
});
