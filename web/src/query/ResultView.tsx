import { SimpleGrid, Stack } from "@mantine/core";
import { ChartPanel } from "./ChartPanel.tsx";
import { MapPanel } from "./MapPanel.tsx";
import type { ScreenTexts } from "./siteTexts.ts";
import { TablePanel } from "./TablePanel.tsx";
import type { ChartDescriptor, TableDescriptor, ViewDescriptor } from "./types.ts";
import { type ChartInteractions, useChartInteractions } from "./useChartInteractions.ts";

interface ResultViewProps {
  view: ViewDescriptor;
  results: Record<string, unknown>;
  texts: ScreenTexts;
}

/**
 * A result drawn from its view descriptor. "standard" (querie1-5) keeps each subject together:
 * maps first, then per id its chart above its table. "shared-6-10" (querie6-10) puts the
 * charts and maps on top, side by side, and the tables below.
 */
export function ResultView({ view, results, texts }: ResultViewProps) {
  const interactions = useChartInteractions(view, results);
  const breakdownIds = new Set(view.charts.filter((chart) => chart.breakdownOf).map((chart) => chart.id));
  const charts = view.charts.filter((chart) => !breakdownIds.has(chart.id));
  const tables = view.tables.filter((table) => !breakdownIds.has(table.id));
  const tableById = new Map(view.tables.map((table) => [table.id, table]));

  const chartPanel = (chart: ChartDescriptor) => (
    <VisibleChart
      key={`chart-${chart.id}`}
      chart={chart}
      results={results}
      texts={texts}
      interactions={interactions}
      tableTitleOf={(id) => {
        const table = tableById.get(id);
        return table ? (texts.tables[table.id] ?? table.title) : undefined;
      }}
    />
  );
  /** The table of a chart's subject: a breakdown's own table while that breakdown is open. */
  const tableFor = (table: TableDescriptor) => {
    const shown = tableById.get(interactions.breakdownOf(table.id)?.id ?? "") ?? table;
    return (
      <TablePanel
        key={`table-${shown.id}`}
        table={shown}
        title={texts.tables[shown.id] ?? shown.title}
        results={results}
      />
    );
  };
  const maps = view.maps.map((map) => (
    <MapPanel key={map.id} map={map} title={texts.maps[map.id] ?? map.title} results={results} />
  ));

  if (view.layout === "shared-6-10") {
    return (
      <Stack gap="lg">
        {maps}
        {charts.length > 0 ? (
          <SimpleGrid cols={{ base: 1, md: charts.length > 1 ? 2 : 1 }}>{charts.map(chartPanel)}</SimpleGrid>
        ) : null}
        {tables.map(tableFor)}
      </Stack>
    );
  }

  // Subjects in the order of the tables; a chart without a table of its id comes first.
  const tableIds = new Set(tables.map((table) => table.id));
  const chartById = new Map(charts.map((chart) => [chart.id, chart]));
  return (
    <Stack gap="lg">
      {maps}
      {charts.filter((chart) => !tableIds.has(chart.id)).map(chartPanel)}
      {tables.map((table) => {
        const chart = chartById.get(table.id);
        return chart ? (
          <Stack key={table.id} gap="md">
            {chartPanel(chart)}
            {tableFor(table)}
          </Stack>
        ) : (
          tableFor(table)
        );
      })}
    </Stack>
  );
}

/** A chart, or its breakdown while open; a drill-down chart titled with the item it shows. */
function VisibleChart({
  chart,
  results,
  texts,
  interactions,
  tableTitleOf,
}: {
  chart: ChartDescriptor;
  results: Record<string, unknown>;
  texts: ScreenTexts;
  interactions: ChartInteractions;
  /**
   * The title of the table listing a chart's values: the table of the chart's id (a breakdown's
   * table shows while its breakdown does).
   */
  tableTitleOf: (chartId: string) => string | undefined;
}) {
  const shown = interactions.visibleChart(chart);
  const picked = interactions.pickedFor(shown);
  const title = texts.charts[shown.id] ?? shown.title;
  return (
    <ChartPanel
      key={shown.id}
      chart={shown}
      title={picked === undefined || picked === null ? title : `${title}: ${String(picked)}`}
      results={results}
      params={interactions.paramsOf(shown)}
      onMarkClick={(datum) => interactions.onMarkClick(shown.id, datum)}
      onBack={shown === chart ? undefined : () => interactions.closeBreakdown(chart.id)}
      tableTitle={tableTitleOf(shown.id)}
    />
  );
}
