import { chartMark } from "../../../server/engine/view.ts";
import type { ChartDescriptor } from "./types.ts";

type Row = Record<string, unknown>;

/** One column of a chart's text alternative: a field the chart draws, with its title. */
export interface ChartColumn {
  field: string;
  title: string;
  quantitative: boolean;
}

const KINDS: Record<string, string> = {
  bar: "Bar chart",
  arc: "Pie chart",
  line: "Line chart",
  area: "Area chart",
  point: "Scatter plot",
  circle: "Scatter plot",
  rect: "Heat map",
};

/** "Bar chart", "Pie chart"...: what a screen reader announces before the chart's figures. */
export function chartKind(chart: ChartDescriptor): string {
  return KINDS[chartMark(chart.spec) ?? ""] ?? "Chart";
}

const asColumn = (channel: unknown): ChartColumn | undefined => {
  if (!channel || typeof channel !== "object") return undefined;
  const { field, title, type } = channel as { field?: unknown; title?: unknown; type?: unknown };
  if (typeof field !== "string") return undefined;
  return {
    field,
    title: typeof title === "string" && title ? title : field,
    quantitative: type === "quantitative",
  };
};

/**
 * The fields the chart shows a person: its tooltip's (what a hover reads), else its position,
 * angle and colour channels; each once.
 */
export function chartColumns(chart: ChartDescriptor): ChartColumn[] {
  const encoding = (chart.spec.encoding ?? {}) as Record<string, unknown>;
  const tooltip = Array.isArray(encoding.tooltip) ? encoding.tooltip : [];
  const channels = tooltip.length > 0 ? tooltip : ["y", "x", "theta", "color"].map((key) => encoding[key]);
  const seen = new Set<string>();
  return channels.flatMap((channel) => {
    const column = asColumn(channel);
    if (!column || seen.has(column.field)) return [];
    seen.add(column.field);
    return [column];
  });
}

const display = (value: unknown) =>
  typeof value === "number"
    ? value.toLocaleString("en-US", { maximumFractionDigits: 2 })
    : String(value ?? "");

/**
 * A sentence or two describing a chart for a person who cannot see it: its kind, how many items it
 * draws and the three largest, and where its values are listed. A chart that filters its rows
 * itself (a drill-down) is not counted: the rows given are not the ones drawn.
 */
export function chartSummary(chart: ChartDescriptor, rows: Row[], tableTitle?: string): string {
  const parts = [`${chartKind(chart)}.`];
  const columns = chartColumns(chart);
  const label = columns.find((column) => !column.quantitative);
  const value = columns.find((column) => column.quantitative);
  if (!chart.spec.transform) {
    parts.push(`${rows.length} ${rows.length === 1 ? "item" : "items"}.`);
    if (label && value && rows.length > 0) {
      const largest = [...rows]
        .filter((row) => typeof row[value.field] === "number")
        .sort((a, b) => (b[value.field] as number) - (a[value.field] as number))
        .slice(0, 3)
        .map((row) => `${display(row[label.field])} (${display(row[value.field])})`);
      if (largest.length > 0) parts.push(`Largest ${value.title}: ${largest.join(", ")}.`);
    }
  }
  parts.push(tableTitle ? `Its values are in the table "${tableTitle}".` : "Its values follow in a table.");
  return parts.join(" ");
}
