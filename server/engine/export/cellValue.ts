import { formatValue } from "../format.ts";
import type { TableColumn, ValueFormat } from "../view.ts";

/** Decimals the screens show for each numeric format (server/engine/format.ts). */
const decimals: Partial<Record<ValueFormat, number>> = {
  integer: 0,
  decimal: 1,
  number: 2,
  percent: 2,
  currency: 2,
};

/**
 * A cell as a file holds it: a number stays a number (a percentage as its points, 14.13 for
 * 14.13%; currency without $ or thousands separators), the column's missing value when there is
 * none (a number when the column's missing value is one), anything else the screen's text.
 * `precision: "screen"` rounds numbers to the decimals the screen shows (CSV, where the text is
 * the value); "full" keeps them whole (XLSX, where a number format shows the screen's decimals).
 */
export function cellValue(
  column: TableColumn,
  value: unknown,
  precision: "screen" | "full",
): number | string {
  const missing = value === null || value === undefined || (typeof value === "number" && Number.isNaN(value));
  const number = missing ? (typeof column.missing === "number" ? column.missing : undefined) : value;
  if (typeof number !== "number") return formatValue(column.format, value, column.missing);
  const places = decimals[column.format];
  if (precision === "full" || places === undefined) return number;
  // toFixed rounds as the screen's Intl format does; `|| 0` turns -0 into 0.
  return Number(number.toFixed(places)) || 0;
}
