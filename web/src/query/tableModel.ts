import { formatValue } from "../../../server/engine/format.ts";
import type { TableColumn, TableDescriptor } from "./types.ts";

/**
 * The rules of a result table that do not depend on React: cell text (the server's own format
 * rules, shared with the exports), highlight colours and the sort order of mixed values.
 */

export function cellText(column: TableColumn, value: unknown): string {
  return formatValue(column.format, value, column.missing ?? "");
}

const MANTINE_COLOURS = new Set(["orange", "yellow", "red", "green", "blue", "teal", "grape", "gray"]);

/** A rule's colour as a light cell background: Mantine's shade 2 for a colour name. */
const background = (color: string) =>
  MANTINE_COLOURS.has(color) ? `var(--mantine-color-${color}-2)` : color;

/** querie3: a differential above +10 points is orange, below -10 yellow. */
export function highlightOf(table: TableDescriptor, key: string, value: unknown): string | undefined {
  if (typeof value !== "number") return undefined;
  const rule = (table.highlights ?? []).find(
    (candidate) =>
      candidate.key === key &&
      (candidate.above === undefined || value > candidate.above) &&
      (candidate.below === undefined || value < candidate.below),
  );
  return rule ? background(rule.color) : undefined;
}

/** Numbers by value, text alphabetically; missing values sort below every present one. */
export function compareValues(a: unknown, b: unknown): number {
  const aMissing = a === null || a === undefined;
  const bMissing = b === null || b === undefined;
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? -1 : 1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  const text = (value: unknown) => (Array.isArray(value) ? value.join(", ") : String(value));
  return text(a).localeCompare(text(b), "en", { numeric: true });
}
