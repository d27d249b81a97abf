/** querie10's result from maturity.sql's rows, as the kernel reads them and the prepared answer picks them. */
import type { Filters, KernelContext } from "../../server/engine/index.ts";
import { SERVICE_LINE_LABELS } from "../../server/engine/index.ts";
import {
  COMPONENTS,
  type Component,
  componentChanges,
  componentValues,
  EMPTY_YEAR,
  type LineYear,
} from "./components.ts";

/** A row of maturity.sql: one period's figures of one service line. */
export type MaturityRow = LineYear & { period: "current" | "reference"; service_line: string };

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

export function maturityResult(rows: MaturityRow[], filters: Filters, inputs: KernelContext["inputs"]) {
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
      COMPONENTS.map((component) => [component, { reference: before[component], current: after[component] }]),
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
}
