import { Button, Center, Group, Loader, Paper, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { lazy, Suspense, useMemo } from "react";
import { usePainted } from "../app/usePainted.ts";
import { ChartDataTable } from "./ChartDataTable.tsx";
import { chartSource, chartSpec } from "./chartSpec.ts";
import { chartSummary } from "./chartText.ts";
import { useChartViews } from "./chartViews.ts";
import { EmptyState } from "./EmptyState.tsx";
import { emptyStateOf } from "./emptyStates.ts";
import { PriceBasisLine } from "./PriceBasisLine.tsx";
import { rowsAt } from "./resultPath.ts";
import type { ChartDescriptor } from "./types.ts";
import { viewNote } from "./viewNote.ts";

const VegaChart = lazy(() => import("./VegaChart.tsx"));

const chartLoader = (
  <Center mih={200}>
    <Loader size="sm" aria-label="Loading chart" />
  </Center>
);

export interface ChartPanelProps {
  chart: ChartDescriptor;
  title: string;
  results: Record<string, unknown>;
  /** Vega-Lite param values the screen sets (a drill-down's picked item). */
  params?: Record<string, unknown>;
  onMarkClick?: (datum: Record<string, unknown>) => void;
  /** Shown on a breakdown: goes back to the chart it breaks down. */
  onBack?: () => void;
  /** The title of the table on screen listing this chart's values; without one a hidden table does. */
  tableTitle?: string;
}

/** A titled card drawing one chart of the view descriptor from the result. */
export function ChartPanel({
  chart,
  title,
  results,
  params,
  onMarkClick,
  onBack,
  tableTitle,
}: ChartPanelProps) {
  const views = useChartViews();
  // Vega's code is fetched and run once the screen around it (tables, titles) is painted.
  const painted = usePainted();
  // Params arrive as a fresh object each render; their text decides when the chart is redrawn.
  const paramsKey = JSON.stringify(params ?? {});
  const source = chartSource(chart);
  const rows = source === undefined ? [] : rowsAt(results, source);
  // The chart's text alternative: read with the figure, and Vega's own label for its drawing.
  const summary = chartSummary(chart, rows, tableTitle);
  // biome-ignore lint/correctness/useExhaustiveDependencies: paramsKey stands for params.
  const spec = useMemo(
    () => ({ ...chartSpec(chart, results, params), description: `${title}. ${summary}` }),
    [chart, results, paramsKey, title, summary],
  );
  // A note (or no rows) in the chart's place: its values mean nothing for this result (no chart of
  // zeros), said by the analyses' one empty state.
  const note = viewNote(chart, results);
  const emptyState = emptyStateOf(chart, note, source === undefined ? undefined : rows.length);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} data-chart={chart.id}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={3} size="h5">
          {title}
        </Title>
        {onBack ? (
          <Button size="xs" variant="light" leftSection={<IconArrowLeft size={14} />} onClick={onBack}>
            Back
          </Button>
        ) : null}
      </Group>
      {emptyState ? null : <PriceBasisLine basis={chart.basis} />}
      {emptyState ? (
        <EmptyState
          kind={emptyState.kind}
          text={emptyState.text}
          id={note === undefined ? undefined : chart.id}
        />
      ) : !painted ? (
        chartLoader
      ) : (
        <Suspense fallback={chartLoader}>
          <VegaChart
            spec={spec}
            label={title}
            summary={summary}
            onMarkClick={onMarkClick}
            onDrawn={(toImageURL) => views?.set(chart.id, toImageURL ? { title, toImageURL } : undefined)}
          />
        </Suspense>
      )}
      {!emptyState && !tableTitle && !chart.spec.transform ? (
        <ChartDataTable chart={chart} title={title} rows={rows} />
      ) : null}
    </Paper>
  );
}
