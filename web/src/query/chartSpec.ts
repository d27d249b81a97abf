import { rowsAt } from "./resultPath.ts";
import type { ChartDescriptor } from "./types.ts";

type Spec = Record<string, unknown>;

/** The result key a descriptor's spec draws (`data: {name}`). */
export function chartSource(chart: ChartDescriptor): string | undefined {
  const data = chart.spec.data as { name?: unknown } | undefined;
  return typeof data?.name === "string" ? data.name : undefined;
}

/**
 * The Vega-Lite spec to embed: the descriptor's spec with its named dataset filled from the
 * result, param values set by the screen (querie7's picked group), and the width of its card.
 */
export function chartSpec(
  chart: ChartDescriptor,
  results: Record<string, unknown>,
  paramValues: Record<string, unknown> = {},
): Spec {
  const spec: Spec = { ...chart.spec };
  const source = chartSource(chart);
  if (source) spec.datasets = { ...(spec.datasets as Spec | undefined), [source]: rowsAt(results, source) };
  if (Array.isArray(spec.params)) {
    spec.params = (spec.params as Spec[]).map((param) =>
      typeof param.name === "string" && param.name in paramValues
        ? { ...param, value: paramValues[param.name] }
        : param,
    );
  }
  // The card, not the spec, decides the width; the title is the card's (site texts may rename it).
  delete spec.title;
  spec.width = "container";
  if (isPie(chart)) spec.height = 280;
  spec.autosize = { type: "fit-x", contains: "padding" };
  return spec;
}

export function isPie(chart: ChartDescriptor): boolean {
  const mark = chart.spec.mark;
  const type = typeof mark === "string" ? mark : (mark as { type?: unknown } | undefined)?.type;
  return type === "arc";
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
