import { rowsAt } from "./resultPath.ts";
import type { ChartDescriptor } from "./types.ts";

type Spec = Record<string, unknown>;

/** The result key a descriptor's spec draws (`data: {name}`). */
export function chartSource(chart: ChartDescriptor): string | undefined {
  const data = chart.spec.data as { name?: unknown } | undefined;
  return typeof data?.name === "string" ? data.name : undefined;
}

/**
 * The Vega spec to draw: the descriptor's, compiled by the server as a card draws it
 * (server/engine/chartVega.ts), with its named dataset filled from the result and the param values
 * the screen sets (querie7's picked group) as its signals' values.
 */
export function chartSpec(
  chart: ChartDescriptor,
  results: Record<string, unknown>,
  paramValues: Record<string, unknown> = {},
): Spec {
  if (!chart.vega) throw new Error(`chart ${chart.id} came without its Vega spec`);
  const source = chartSource(chart);
  const data = (chart.vega.data as Spec[] | undefined) ?? [];
  const signals = (chart.vega.signals as Spec[] | undefined) ?? [];
  return {
    ...chart.vega,
    data: data.map((entry) =>
      source !== undefined && entry.name === source ? { ...entry, values: rowsAt(results, source) } : entry,
    ),
    signals: signals.map((signal) =>
      typeof signal.name === "string" && signal.name in paramValues
        ? { ...signal, value: paramValues[signal.name] }
        : signal,
    ),
  };
}

/** Whether a clicked datum is the one a breakdown opens on (querie4: npi null = OTHER). */
export function opensBreakdown(
  breakdown: NonNullable<ChartDescriptor["breakdownOf"]>,
  datum: unknown,
): boolean {
  if (!datum || typeof datum !== "object") return false;
  const value = (datum as Record<string, unknown>)[breakdown.field];
  return breakdown.equals === null ? value === null || value === undefined : value === breakdown.equals;
}
