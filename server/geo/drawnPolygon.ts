/**
 * Polygons in the form the maps need (issue 13: a map analysis within 400 kB of data): an answer's
 * zip, drive-area and service-area polygons are drawn at zoom 9-10 and looked at closer than that
 * at most a few zoom levels in. So each ring is simplified to half a pixel at MAP_DETAIL_ZOOM
 * (about 5 m: an imported Census ZCTA has a vertex every few metres along its streets) and its
 * coordinates rounded to MAP_DECIMALS (about 1 m) instead of 15-digit doubles.
 */
import { simplifyLine } from "./simplifyLine.ts";
import { mercatorY, pixelDegrees } from "./webMercator.ts";

/** Four zoom levels closer than the maps open (16 times the detail they show). */
export const MAP_DETAIL_ZOOM = 14;
export const MAP_DECIMALS = 5;

const TOLERANCE_DEGREES = 0.5 * pixelDegrees(MAP_DETAIL_ZOOM);
const FACTOR = 10 ** MAP_DECIMALS;
const rounded = (value: number) => Math.round(value * FACTOR) / FACTOR;

/** A closed ring of [lon, lat] simplified and rounded; never fewer than 4 positions (a triangle). */
export function drawnRing(ring: number[][]): number[][] {
  const xs = Float64Array.from(ring, (position) => position[0]!);
  const ys = Float64Array.from(ring, (position) => mercatorY(position[1]!));
  const kept = simplifyLine(xs, ys, TOLERANCE_DEGREES);
  const positions: number[][] = [];
  for (const index of kept.length >= 4 ? kept : ring.map((_, at) => at)) {
    const position = [rounded(ring[index]![0]!), rounded(ring[index]![1]!)];
    const last = positions.at(-1);
    if (last && last[0] === position[0] && last[1] === position[1]) continue;
    positions.push(position);
  }
  // A ring too small to keep a triangle at 1 m is kept as it came (still drawn, a dot).
  return positions.length >= 4 ? positions : ring.map((position) => [position[0]!, position[1]!]);
}

/** Every ring of a Polygon's (or each polygon of a MultiPolygon's) coordinates, as drawnRing. */
export const drawnPolygon = (rings: number[][][]) => rings.map(drawnRing);
export const drawnMultiPolygon = (polygons: number[][][][]) => polygons.map(drawnPolygon);
