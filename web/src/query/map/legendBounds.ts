/**
 * The rows of a colour-band legend: one per band, with its value range and, for the outmigration
 * map, the case-count range beside it (customer-area.md querie9: "case-count ranges derived from
 * the total, with bounds at 55%, 30%, 5% and 1% of the total").
 */
import { valueAt } from "./resultPath.ts";

export interface LegendRow {
  color: string;
  /** Inclusive lower bound; null for the lowest band (from zero). */
  from: number | null;
  /** Exclusive upper bound; null for the highest band (no upper bound). */
  to: number | null;
  /** The matching case-count range, when the map has one. */
  cases?: { from: number | null; to: number | null };
}

/**
 * Band i covers [thresholds[i-1], thresholds[i]); the first starts at zero, the last is open.
 * `caseBounds`, one per threshold, add the case-count range of each band.
 */
export function legendRows(
  thresholds: readonly number[],
  colors: readonly string[],
  caseBounds?: readonly number[],
): LegendRow[] {
  return colors.slice(0, thresholds.length + 1).map((color, index) => {
    const from = index === 0 ? null : thresholds[index - 1]!;
    const to = index < thresholds.length ? thresholds[index]! : null;
    if (!caseBounds || caseBounds.length !== thresholds.length) return { color, from, to };
    const cases = {
      from: index === 0 ? null : caseBounds[index - 1]!,
      to: index < caseBounds.length ? caseBounds[index]! : null,
    };
    return { color, from, to, cases };
  });
}

/**
 * The case-count bounds a plugin publishes for a map as `<map id>_legend`: entries of
 * `{ percentage, cases }` (querie9: `outmigration_legend`, the outmigrated cases at 1, 5, 30 and
 * 55 %). Used only when they match the layer's thresholds one for one; otherwise the legend shows
 * the value bands alone.
 */
export function publishedCaseBounds(
  results: Record<string, unknown>,
  mapId: string,
  thresholds: readonly number[],
): number[] | undefined {
  const entries = valueAt(results, `${mapId}_legend`);
  if (!Array.isArray(entries) || entries.length !== thresholds.length) return undefined;
  const bounds: number[] = [];
  for (const [index, entry] of entries.entries()) {
    const percentage = valueAt(entry, "percentage");
    const cases = valueAt(entry, "cases");
    if (percentage !== thresholds[index] || typeof cases !== "number" || !Number.isFinite(cases)) {
      return undefined;
    }
    bounds.push(cases);
  }
  return bounds;
}

const numberFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** "under 5", "5 to 10", "30 or more" (with an optional unit such as "%" or " cases"). */
export function rangeLabel(from: number | null, to: number | null, unit = ""): string {
  const show = (value: number) => `${numberFormat.format(value)}${unit}`;
  if (from === null && to === null) return "all";
  if (from === null) return `under ${show(to!)}`;
  if (to === null) return `${show(from)} or more`;
  return `${show(from)} to under ${show(to)}`;
}
