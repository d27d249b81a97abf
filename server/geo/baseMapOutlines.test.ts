import { describe, expect, test } from "bun:test";
import { booleanPointInPolygon, point } from "@turf/turf";
import type { FeatureCollection, MultiPolygon, Polygon } from "geojson";
import { feature } from "topojson-client";
import { baseMapOutlines, type LonLatBox, OUTLINE_MAX_ZOOM, outlineZoom } from "./baseMapOutlines.ts";
import { drawnRing } from "./drawnPolygon.ts";
import { simplifyLine } from "./simplifyLine.ts";

/** About what querie5's map shows around Indianapolis at zoom 9. */
const INDIANAPOLIS_VIEW: LonLatBox = [-88, 39.2, -84.3, 40.7];
const INDIANAPOLIS = point([-86.158, 39.768]);
const COUNTRY: LonLatBox = [-180, -85, 180, 85];

const size = (value: unknown) => JSON.stringify(value).length;
const shapes = (topology: ReturnType<typeof baseMapOutlines>, object: "states" | "counties") =>
  feature(topology, topology.objects[object]) as FeatureCollection<Polygon | MultiPolygon>;

describe("base map outlines", () => {
  test("a city's view at zoom 9: the states reaching into it, their counties in it, a few dozen kB", () => {
    const topology = baseMapOutlines(INDIANAPOLIS_VIEW, 9);
    const states = topology.objects.states.geometries.map((shape) => shape.id).sort();
    expect(states).toEqual(["17", "18", "39"]); // Illinois, Indiana, Ohio: no Alaska across 180 degrees
    const counties = shapes(topology, "counties");
    expect(counties.features.length).toBeGreaterThan(30);
    expect(counties.features.length).toBeLessThan(150);
    const marion = counties.features.find((county) => county.id === "18097");
    expect(marion && booleanPointInPolygon(INDIANAPOLIS, marion)).toBe(true);
    const indiana = shapes(topology, "states").features.find((state) => state.id === "18");
    expect(indiana && booleanPointInPolygon(INDIANAPOLIS, indiana)).toBe(true);
    // The whole us-atlas files were 957 kB.
    expect(size(topology)).toBeLessThan(60_000);
    expect(topology.objects.states.geometries[0]).not.toHaveProperty("properties");
  });

  test("the country view: states only, simplified for the zoom (fewer points further out)", () => {
    const far = baseMapOutlines(COUNTRY, 4);
    const closer = baseMapOutlines(COUNTRY, 6);
    expect(far.objects.counties.geometries).toEqual([]);
    expect(far.objects.states.geometries.length).toBeGreaterThanOrEqual(50);
    const points = (topology: typeof far) => topology.arcs.reduce((sum, arc) => sum + arc.length, 0);
    expect(points(far)).toBeLessThan(points(closer));
    expect(size(far)).toBeLessThan(60_000);
    const indiana = shapes(far, "states").features.find((state) => state.id === "18");
    expect(indiana && booleanPointInPolygon(INDIANAPOLIS, indiana)).toBe(true);
  });

  test("zooms are answered at 3 to 10; beyond 10 the source has no more detail", () => {
    expect([0, 3, 7.4, 10, 18].map(outlineZoom)).toEqual([3, 3, 7, 10, 10]);
    expect(baseMapOutlines(INDIANAPOLIS_VIEW, 18)).toEqual(
      baseMapOutlines(INDIANAPOLIS_VIEW, OUTLINE_MAX_ZOOM),
    );
  });

  test("a box over the sea answers an empty topology", () => {
    const topology = baseMapOutlines([-40, 30, -35, 35], 9);
    expect(topology.objects.states.geometries).toEqual([]);
    expect(topology.arcs).toEqual([]);
  });
});

describe("simplification", () => {
  test("Douglas-Peucker keeps the ends and the corners, drops points within the tolerance", () => {
    const xs = Float64Array.from([0, 1, 2, 3, 3, 3]);
    const ys = Float64Array.from([0, 0.01, 0, 0, 1, 2]);
    expect(simplifyLine(xs, ys, 0.1)).toEqual([0, 3, 5]);
    expect(simplifyLine(xs, ys, 0.001)).toEqual([0, 1, 2, 3, 5]);
  });

  test("a drawn ring is rounded to 5 decimals and keeps at least a triangle", () => {
    const square = [
      [-86.123456789, 39.1],
      [-86.0000001, 39.1],
      [-86, 39.2],
      [-86.1, 39.2],
      [-86.123456789, 39.1],
    ];
    expect(drawnRing(square)).toEqual([
      [-86.12346, 39.1],
      [-86, 39.1],
      [-86, 39.2],
      [-86.1, 39.2],
      [-86.12346, 39.1],
    ]);
    const speck = [
      [-86, 39],
      [-86.0000001, 39],
      [-86, 39.0000001],
      [-86, 39],
    ];
    expect(drawnRing(speck)).toEqual(speck);
  });
});
