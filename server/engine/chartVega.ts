/**
 * Each chart's Vega-Lite spec compiled to Vega here, as a card draws it, and sent in the manifest
 * (`vega` beside `spec`). The browser then draws with Vega alone: the Vega-Lite compiler is not in
 * its chart code (a third of the chunk it fetches, parses and runs before the first chart), and no
 * compile runs before the first mark (10-55 ms a chart in Bun here; issue 31's first chart).
 * What changes per screen - the rows, a drill-down's picked value, the text alternative - is set
 * on the compiled spec by the web (web/src/query/chartSpec.ts).
 */
import { compile, type TopLevelSpec } from "vega-lite";
import { type ChartDescriptor, chartMark } from "./view.ts";

/** A pie's height in its card (a bar chart's follows its bars). */
const PIE_HEIGHT = 280;

/** The spec a card draws: the card gives the title (site texts may rename it) and the width. */
export function cardSpec(spec: Record<string, unknown>): Record<string, unknown> {
  const { title: _title, ...drawn } = spec;
  return {
    ...drawn,
    width: "container",
    ...(chartMark(spec) === "arc" ? { height: PIE_HEIGHT } : {}),
    autosize: { type: "fit-x", contains: "padding" },
  };
}

/** Vega-Lite's notes on a spec (a discrete height keeps its own size...) are not the server log's. */
const silent = {
  level() {
    return silent;
  },
  error: () => silent,
  warn: () => silent,
  info: () => silent,
  debug: () => silent,
};

/** Compiled once per chart: the descriptors are the plugins' own, fixed while the process runs. */
const compiled = new WeakMap<ChartDescriptor, Record<string, unknown>>();

/** The chart's Vega spec as its card draws it, its named dataset left empty for the rows. */
export function vegaOf(chart: ChartDescriptor): Record<string, unknown> {
  let vega = compiled.get(chart);
  if (!vega) {
    // biome-ignore lint/suspicious/noExplicitAny: vega-lite's logger interface, met by `silent`.
    const options = { logger: silent as any };
    vega = compile(cardSpec(chart.spec) as unknown as TopLevelSpec, options).spec as Record<string, unknown>;
    compiled.set(chart, vega);
  }
  return vega;
}
