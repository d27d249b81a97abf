/**
 * Douglas-Peucker on a line of planar points: the points whose removal would move the line by more
 * than `tolerance` stay, the first and last always. Iterative (a county border has ~100 points, a
 * coast thousands: no recursion depth to worry about).
 */
export function simplifyLine(xs: Float64Array, ys: Float64Array, tolerance: number): number[] {
  const count = xs.length;
  if (count <= 2) return Array.from({ length: count }, (_, index) => index);
  const keep = new Uint8Array(count);
  keep[0] = 1;
  keep[count - 1] = 1;
  const squared = tolerance * tolerance;
  const stack: Array<[number, number]> = [[0, count - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let farthestDistance = squared;
    for (let index = first + 1; index < last; index++) {
      const distance = segmentDistanceSquared(xs, ys, index, first, last);
      if (distance > farthestDistance) {
        farthest = index;
        farthestDistance = distance;
      }
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    stack.push([first, farthest], [farthest, last]);
  }
  const kept: number[] = [];
  for (let index = 0; index < count; index++) if (keep[index]) kept.push(index);
  return kept;
}

/** Squared distance of point `at` to the segment first-last (a closed ring: to the point first). */
function segmentDistanceSquared(xs: Float64Array, ys: Float64Array, at: number, first: number, last: number) {
  const x = xs[first]!;
  const y = ys[first]!;
  const dx = xs[last]! - x;
  const dy = ys[last]! - y;
  const px = xs[at]! - x;
  const py = ys[at]! - y;
  const length = dx * dx + dy * dy;
  if (length === 0) return px * px + py * py;
  const along = Math.max(0, Math.min(1, (px * dx + py * dy) / length));
  const ex = px - along * dx;
  const ey = py - along * dy;
  return ex * ex + ey * ey;
}
