import type { ValueFormat } from "./view.ts";

/**
 * Cell text as the screens and exports show it (customer-area.md section 9): percentages with 2
 * decimals and %, currency in $ with thousands separators and 2 decimals. Dependency-free so the
 * web app can import it too.
 */
const twoDecimals = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A column's cell of a row: its value, or the column's `whenFalse` text when the row's flag is false. */
export function columnValue(
  column: { key: string; whenFalse?: { key: string; text: string } },
  row: Record<string, unknown>,
): unknown {
  const value = row[column.key];
  if (value === null || value === undefined || !column.whenFalse) return value;
  return row[column.whenFalse.key] === false ? column.whenFalse.text : value;
}

export function formatValue(format: ValueFormat, value: unknown, missing: string | number = ""): string {
  if (value === null || value === undefined || (typeof value === "number" && Number.isNaN(value))) {
    return typeof missing === "number" ? formatValue(format, missing) : missing;
  }
  if (Array.isArray(value)) return value.map(String).join(", ");
  if (typeof value !== "number") return String(value);
  switch (format) {
    case "percent":
      return `${twoDecimals.format(value)}%`;
    case "currency":
      return value < 0 ? `-$${twoDecimals.format(-value)}` : `$${twoDecimals.format(value)}`;
    case "integer":
      return whole.format(value);
    case "decimal":
      return oneDecimal.format(value);
    case "number":
      return twoDecimals.format(value);
    default:
      return String(value);
  }
}
