import { Button, Center, Group, Loader, Paper, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { lazy, Suspense, useMemo } from "react";
import { usePainted } from "../app/usePainted.ts";
import { ChartDataTable } from "./ChartDataTable.tsx";
import { chartSource, chartSpec } from "./chartSpec.ts";
import { chartSummary } from "./chartText.ts";
import { useChartViews } from "./chartViews.ts";
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
  const empty = source !== undefined && rows.length === 0;
  // A note in the chart's place: its values mean nothing for this result (no chart of zeros).
  const note = viewNote(chart, results);

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
      {note === undefined && !empty ? <PriceBasisLine basis={chart.basis} /> : null}
      {note !== undefined ? (
        <Center mih={120}>
          <Text size="sm" data-note={chart.id}>
            {note}
          </Text>
        </Center>
      ) : empty ? (
        <Center mih={120}>
          <Text c="dimmed" size="sm">
            No data for these filters.
          </Text>
        </Center>
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
      {note === undefined && !empty && !tableTitle && !chart.spec.transform ? (
        <ChartDataTable chart={chart} title={title} rows={rows} />
      ) : null}
    </Paper>
  );
}
