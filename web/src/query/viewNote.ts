import type { ChartDescriptor, TableDescriptor } from "./types.ts";

/**
 * The text a chart or table of the view shows instead of itself, when its descriptor names a
 * `note` key and the result holds a text there (querie10 with a single year: "A trend needs a
 * second year of data" rather than a chart of zeros). Undefined: draw it.
 */
export function viewNote(
  item: Pick<ChartDescriptor | TableDescriptor, "note">,
  results: Record<string, unknown> | undefined,
): string | undefined {
  if (!item.note || !results) return undefined;
  const value = results[item.note];
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}
