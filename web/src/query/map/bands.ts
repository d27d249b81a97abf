/**
 * Colour bands of a polygon layer: ascending thresholds, one more colour than thresholds. A value
 * belongs to the first band whose threshold it is below, so a value equal to a threshold is in the
 * band above it (customer-area.md: "below 1 pale yellow; below 5 light green ... 55 or more
 * darkest green"; volume bands "under 5, 5-10, ..."). Same rule as the server's band().
 */

/** Drawn for a feature whose value is missing or not a number. */
export const NO_VALUE_COLOR = "#bdbdbd";

export function bandIndex(value: number, thresholds: readonly number[]): number {
  const index = thresholds.findIndex((threshold) => value < threshold);
  return index === -1 ? thresholds.length : index;
}

export function bandColor(value: unknown, thresholds: readonly number[], colors: readonly string[]): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return NO_VALUE_COLOR;
  return colors[Math.min(bandIndex(value, thresholds), colors.length - 1)] ?? NO_VALUE_COLOR;
}
