import { VisuallyHidden } from "@mantine/core";
import { chartColumns } from "./chartText.ts";
import type { ChartDescriptor } from "./types.ts";

/** A screen reader reads a long table row by row: the largest items are what a chart shows anyway. */
const MAX_ROWS = 100;

const cell = (value: unknown) =>
  typeof value === "number"
    ? value.toLocaleString("en-US", { maximumFractionDigits: 2 })
    : String(value ?? "");

/**
 * The values of a chart that has no table on screen, as a table only screen readers see: the
 * fields its tooltip shows, one row per item drawn (the first MAX_ROWS).
 */
export function ChartDataTable({
  chart,
  title,
  rows,
}: {
  chart: ChartDescriptor;
  title: string;
  rows: Record<string, unknown>[];
}) {
  const columns = chartColumns(chart);
  if (columns.length === 0) return null;
  return (
    <VisuallyHidden>
      <table data-chart-values={chart.id}>
        <caption>{`${title}: values`}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.field} scope="col">
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, MAX_ROWS).map((row, index) => (
            // Rows have no id of their own and never move: their position is their key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <tr key={index}>
              {columns.map((column) => (
                <td key={column.field}>{cell(row[column.field])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
