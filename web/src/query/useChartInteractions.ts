import { useCallback, useMemo, useState } from "react";
import { chartSource, opensBreakdown } from "./chartSpec.ts";
import { rowsAt } from "./resultPath.ts";
import type { ChartDescriptor, ViewDescriptor } from "./types.ts";

export interface ChartInteractions {
  /** The charts drawn at top level (breakdowns replace their chart while open). */
  visibleChart: (chart: ChartDescriptor) => ChartDescriptor;
  /** Param values of a drill-down chart (querie7: the picked group). */
  paramsOf: (chart: ChartDescriptor) => Record<string, unknown> | undefined;
  /** The item a drill-down chart shows, for its title. */
  pickedFor: (chart: ChartDescriptor) => unknown;
  onMarkClick: (chartId: string, datum: Record<string, unknown>) => void;
  /** The open breakdown of a chart, if any, and how to close it. */
  breakdownOf: (chartId: string) => ChartDescriptor | undefined;
  closeBreakdown: (chartId: string) => void;
}

/**
 * The clicks the view descriptor wires between charts: a drill-down chart (`selectedBy`) follows
 * the mark clicked in its source chart, first row by default; a breakdown (`breakdownOf`) opens
 * in place of its chart when its mark is clicked. State starts over with every new result.
 */
export function useChartInteractions(
  view: ViewDescriptor,
  results: Record<string, unknown>,
): ChartInteractions {
  const [state, setState] = useState<{
    results: unknown;
    picked: Record<string, unknown>;
    open: Record<string, string>;
  }>({ results, picked: {}, open: {} });
  const current = state.results === results ? state : { results, picked: {}, open: {} };

  const byId = useMemo(() => new Map(view.charts.map((chart) => [chart.id, chart])), [view]);

  const pickedFor = useCallback(
    (chart: ChartDescriptor) => {
      const link = chart.selectedBy;
      if (!link) return undefined;
      if (chart.id in current.picked) return current.picked[chart.id];
      const from = byId.get(link.chart);
      const source = from ? chartSource(from) : undefined;
      return source ? rowsAt(results, source)[0]?.[link.field] : undefined;
    },
    [byId, current.picked, results],
  );

  const onMarkClick = useCallback(
    (chartId: string, datum: Record<string, unknown>) => {
      const picked = { ...current.picked };
      const open = { ...current.open };
      for (const chart of view.charts) {
        if (chart.selectedBy?.chart === chartId && chart.selectedBy.field in datum) {
          picked[chart.id] = datum[chart.selectedBy.field];
        }
        if (chart.breakdownOf?.chart === chartId && opensBreakdown(chart.breakdownOf, datum)) {
          open[chartId] = chart.id;
        }
      }
      setState({ results, picked, open });
    },
    [current, results, view.charts],
  );

  const breakdownOf = useCallback(
    (chartId: string) => {
      const id = current.open[chartId];
      return id ? byId.get(id) : undefined;
    },
    [byId, current.open],
  );

  return {
    visibleChart: (chart) => breakdownOf(chart.id) ?? chart,
    paramsOf: (chart) => (chart.selectedBy ? { [chart.selectedBy.param]: pickedFor(chart) } : undefined),
    pickedFor,
    onMarkClick,
    breakdownOf,
    closeBreakdown: (chartId) => {
      const open = { ...current.open };
      delete open[chartId];
      setState({ results, picked: current.picked, open });
    },
  };
}
