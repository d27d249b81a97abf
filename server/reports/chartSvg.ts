/**
 * A chart of an analysis as SVG, drawn on the server by vega's headless View (renderer "none":
 * no canvas, no browser), from the same Vega-Lite spec and result rows the screen draws.
 */
import * as vega from "vega";
import { compile, type TopLevelSpec } from "vega-lite";
import { chartSource, chartSpec } from "../../web/src/query/chartSpec.ts";
import { rowsAt } from "../../web/src/query/resultPath.ts";
import type { ChartDescriptor } from "../engine/view.ts";

const quiet = vega.logger(vega.Error);

/** Points wide: the PDF's text width (269 mm) at 72 dpi, so the SVG is placed at its own size. */
export const CHART_WIDTH = 760;

/**
 * The value a chart drawn by another chart's pick starts with (querie7: the first group), as
 * the screen sets it before any click.
 */
function initialParams(chart: ChartDescriptor, charts: ChartDescriptor[], results: Record<string, unknown>) {
  if (!chart.selectedBy) return {};
  const picker = charts.find((other) => other.id === chart.selectedBy?.chart);
  const source = picker ? chartSource(picker) : undefined;
  const first = source ? rowsAt(results, source)[0] : undefined;
  return first ? { [chart.selectedBy.param]: first[chart.selectedBy.field] } : {};
}

/** The charts a report shows: those drawn at first sight (breakdowns open only on a click). */
export const reportCharts = (charts: ChartDescriptor[]) => charts.filter((chart) => !chart.breakdownOf);

export async function chartToSvg(
  chart: ChartDescriptor,
  charts: ChartDescriptor[],
  results: Record<string, unknown>,
): Promise<string> {
  const spec = chartSpec(chart, results, initialParams(chart, charts, results));
  // A fixed width instead of the screen card's ("container").
  spec.width = CHART_WIDTH;
  spec.autosize = { type: "fit-x", contains: "padding" };
  spec.background = "white";
  // Errors only: vega-lite warns about autosize on every discrete-axis chart (the screen's spec too).
  const compiled = compile(spec as unknown as TopLevelSpec, { logger: quiet }).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: "none" });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
