/** analyses.md: percentages are 0-100, unrounded; a share whose denominator is 0 is 0. */
export const share = (part: number, whole: number) => (whole === 0 ? 0 : (part / whole) * 100);

/** A percentage change; 0 when there was nothing before (the same rule as a share of 0). */
export const percentChange = (before: number, after: number) =>
  before === 0 ? 0 : ((after - before) / before) * 100;

export const sum = (values: Iterable<number>) => {
  let total = 0;
  for (const value of values) total += value;
  return total;
};

/** The index of the first threshold the value is below (thresholds ascending): a colour band. */
export function band(value: number, thresholds: readonly number[]) {
  const index = thresholds.findIndex((threshold) => value < threshold);
  return index === -1 ? thresholds.length : index;
}
