import { describe, expect, test } from "bun:test";
import { fromLonLat } from "ol/proj.js";
import { OUTLINE_LEVELS, outlineBox, snappedExtent } from "./outlineSource.ts";

/** Web Mercator metres of a 128-pixel cell at zoom 10: 128 * 156543.033928 / 1024. */
const CELL_AT_10 = 19_567.879_241;

describe("base map outline requests", () => {
  test("the levels cover every zoom once, each answered at the top of its range", () => {
    const levelOf = (zoom: number) =>
      OUTLINE_LEVELS.filter(
        (level) => zoom > (level.minZoom ?? Number.NEGATIVE_INFINITY) && zoom <= (level.maxZoom ?? Infinity),
      );
    for (let zoom = 0; zoom <= 18; zoom += 0.25) expect(levelOf(zoom).length).toBe(1);
    expect(levelOf(9)[0]!.detail).toBe(10);
    expect(levelOf(6.5)[0]!.detail).toBe(7);
    expect(levelOf(2)[0]!.detail).toBe(4);
  });

  test("a view grows to whole cells of its level: nearby views ask for the same box", () => {
    const [x, y] = fromLonLat([-86.1, 39.9]);
    const left = Math.floor(x! / CELL_AT_10) * CELL_AT_10;
    const bottom = Math.floor(y! / CELL_AT_10) * CELL_AT_10;
    const view = [left, bottom, left + 3.5 * CELL_AT_10, bottom + 1.5 * CELL_AT_10].map(
      (value, index) => value + (index < 2 ? 0.2 : 0) * CELL_AT_10,
    );
    const snapped = snappedExtent(view, 10);
    for (const [index, value] of snapped.entries()) {
      expect(Math.abs(value / CELL_AT_10 - Math.round(value / CELL_AT_10))).toBeLessThan(1e-6);
      expect(index < 2 ? value <= view[index]! : value >= view[index]!).toBe(true);
    }
    const nudged = view.map((value) => value + 0.1 * CELL_AT_10);
    expect(snapped).toEqual([left, bottom, left + 4 * CELL_AT_10, bottom + 2 * CELL_AT_10]);
    expect(snappedExtent(nudged, 10)).toEqual(snapped);
  });

  test("the box is in degrees, clamped to the world, and none for a view off it", () => {
    const [west, south] = fromLonLat([-88, 39.2]);
    const [east, north] = fromLonLat([-84.3, 40.7]);
    expect(outlineBox([west!, south!, east!, north!], "EPSG:3857")).toBe("-88.000,39.200,-84.300,40.700");
    const world = fromLonLat([400, 89]);
    expect(outlineBox([-world[0]!, -world[1]!, world[0]!, world[1]!], "EPSG:3857")).toBe(
      "-180.000,-85.000,180.000,85.000",
    );
    const [farEast] = fromLonLat([200, 0]);
    expect(outlineBox([farEast!, 0, farEast! + 10_000, 10_000], "EPSG:3857")).toBeNull();
  });
});
