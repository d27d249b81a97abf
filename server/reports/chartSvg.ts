/**
 * A chart of an analysis as SVG, drawn on the server by vega's headless View (renderer "none":
 * no canvas, no browser), from the same Vega-Lite spec and result rows the screen draws.
 */
import * as vega from "vega";
import { compile, type TopLevelSpec } from "vega-lite";
import { chartSource } from "../../web/src/query/chartSpec.ts";
import { rowsAt } from "../../web/src/query/resultPath.ts";
import { cardSpec } from "../engine/chartVega.ts";
import type { ChartDescriptor } from "../engine/view.ts";

const quiet = vega.logger(vega.Error);

/** Characters per line of a category label: longer ones wrap at spaces instead of being cut. */
export const LABEL_LINE_CHARS = 40;

/**
 * A label as lines of at most LABEL_LINE_CHARS (a single longer word keeps its own line whole),
 * so the report never cuts a label to "Hand & Upper Extremit…" for both of its rows (querie6's
 * Market and Practice bars): vega draws an array of lines as a multi-line label.
 */
export function labelLines(label: unknown): string | string[] {
  const text = String(label ?? "");
  if (text.length <= LABEL_LINE_CHARS) return text;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > LABEL_LINE_CHARS) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
// Registered once with vega's expression language, which the report's axis and legend labels call.
vega.expressionFunction("reportLabelLines", labelLines);

/**
 * Category labels (axes and legends) whole: no width limit (vega's estimate without a canvas is
 * wider than the real text, so its default limits cut labels the screen shows), long ones wrapped.
 * A chart's own labelExpr (querie11's waterfall) still wins over this config.
 */
const WHOLE_LABELS = {
  axisDiscrete: { labelExpr: "reportLabelLines(datum.label)", labelLimit: 0, labelLineHeight: 10 },
  legend: { labelExpr: "reportLabelLines(datum.label)", labelLimit: 0, labelLineHeight: 10 },
  // A band tall enough for a label of two lines (vega-lite's default step is 20).
  view: { discreteHeight: { step: 24 } },
};

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
  // The card's spec (no title, a pie's height) at a fixed width instead of the card's ("container"),
  // its named dataset and the first pick set as the screen sets them (web/src/query/chartSpec.ts
  // does the same on the compiled Vega; here the report's label config is compiled in).
  const spec: Record<string, unknown> = { ...cardSpec(chart.spec), width: CHART_WIDTH, background: "white" };
  const source = chartSource(chart);
  if (source) spec.datasets = { [source]: rowsAt(results, source) };
  const picked: Record<string, unknown> = initialParams(chart, charts, results);
  if (Array.isArray(spec.params))
    spec.params = (spec.params as { name?: unknown }[]).map((param) =>
      typeof param.name === "string" && param.name in picked
        ? { ...param, value: picked[param.name] }
        : param,
    );
  const config = (spec.config ?? {}) as Record<string, Record<string, unknown>>;
  spec.config = {
    ...config,
    axisDiscrete: { ...WHOLE_LABELS.axisDiscrete, ...config.axisDiscrete },
    legend: { ...WHOLE_LABELS.legend, ...config.legend },
    view: { ...WHOLE_LABELS.view, ...config.view },
  };
  // Errors only: vega-lite warns about autosize on every discrete-axis chart (the screen's spec too).
  const compiled = compile(spec as unknown as TopLevelSpec, { logger: quiet }).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: "none" });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
