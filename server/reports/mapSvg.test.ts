import { describe, expect, test } from "bun:test";
import type { MapDescriptor } from "../engine/view.ts";
import { mapToSvg } from "./mapSvg.ts";

const square = (west: number, south: number, size: number) => ({
  type: "poly",
  coordinates: [
    [
      [west, south],
      [west + size, south],
      [west + size, south + size],
      [west, south + size],
      [west, south],
    ],
  ],
});

/** A PSA of 0.1 degrees (the only service area here) and a zip far east of it, as querie9's answer carries them. */
const results = {
  psa_polygon: square(-74, 40.7, 0.1),
  zips: { "99999": { polygon: square(-70, 40.7, 0.1), percentage: 50 } },
};

const map = (center: MapDescriptor["center"]): MapDescriptor => ({
  id: "outmigration",
  title: "Outmigration",
  center,
  zoom: { initial: 5, focused: 9 },
  layers: [
    {
      id: "psa",
      title: "Primary service area",
      kind: "polygons",
      source: "psa_polygon",
      shape: "single",
      label: "PSA",
    },
    {
      id: "zips",
      title: "Zips",
      kind: "polygons",
      source: "zips",
      shape: "object",
      polygonField: "polygon",
      color: { field: "percentage", thresholds: [10], colors: ["#eeeeee", "#111111"] },
    },
  ],
});

/** The points of the SVG's paths, in drawing order (the banded zip first, then the PSA). */
const paths = (svg: string | undefined) =>
  Array.from((svg ?? "").matchAll(/<path d="([^"]+)"/g), (match) =>
    Array.from(match[1]!.matchAll(/[ML]([-\d.]+) ([-\d.]+)/g), (point) => [
      Number(point[1]),
      Number(point[2]),
    ]),
  );
const span = (points: number[][], axis: 0 | 1) => {
  const values = points.map((point) => point[axis]!);
  return { min: Math.min(...values), max: Math.max(...values) };
};

describe("a report's map", () => {
  test("a map the screen opens on the PSA is framed on the service areas, half their size around them; the rest cut at the box", () => {
    const svg = mapToSvg(map("psa"), results);
    const [zip, psa] = paths(svg);
    // The PSA in the middle of the box (500 by 400 points, 8 inside each edge), half of the
    // frame's height (its taller side in Mercator): 192 of 384 points.
    const [x, y] = [span(psa!, 0), span(psa!, 1)];
    expect((x.min + x.max) / 2).toBeCloseTo(250, 0);
    expect((y.min + y.max) / 2).toBeCloseTo(200, 0);
    expect(y.max - y.min).toBeCloseTo(192, 0);
    // The far zip lies past the box's right edge, and the box clips what is drawn.
    expect(span(zip!, 0).min).toBeGreaterThan(500);
    expect(svg).toContain('<g clip-path="url(#map-box)">');
  });

  test("an SSA beside the PSA is in the frame too, the far zip still cut", () => {
    const withSsa = map("psa");
    withSsa.layers.splice(1, 0, {
      id: "ssa",
      title: "Secondary service area",
      kind: "polygons",
      source: "ssa_polygon",
      shape: "single",
      label: "SSA",
    });
    const [zip, psa, ssa] = paths(mapToSvg(withSsa, { ...results, ssa_polygon: square(-73.6, 40.7, 0.1) }));
    for (const area of [psa!, ssa!]) {
      expect(span(area, 0).min).toBeGreaterThan(8);
      expect(span(area, 0).max).toBeLessThan(492);
    }
    expect(span(zip!, 0).min).toBeGreaterThan(500);
  });

  test("any other map fits every shape drawn", () => {
    const [zip, psa] = paths(mapToSvg(map("us"), results));
    expect(span(psa!, 0).min).toBeCloseTo(8, 0);
    expect(span(zip!, 0).max).toBeCloseTo(492, 0);
  });
});
