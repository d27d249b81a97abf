import { expect, test } from "bun:test";
import { DRIVE_INSIDE_ENTRIES, insideDriveAreasOf } from "../../queries/querie5/places.ts";
import { cacheFigures } from "../caches/registry.ts";
import { circleDriveAreas, DRIVE_CIRCLE_ENTRIES } from "../geo/isochrone/driveAreas.ts";
import { zipPolygonLookup } from "../geo/zipPolygon.ts";
import { AREA_POLYGON_ENTRIES, drawnServiceAreaPolygons, driveCircle } from "./geo.ts";
import { lazyZipPolygonLookup, ZIP_LOOKUP_FOLDERS } from "./zipPolygons.ts";

const figuresOf = (name: string) => cacheFigures().find((cache) => cache.name === name);

test("service-area unions: past the bound the least recently used list is made again, the same", async () => {
  const lookup = zipPolygonLookup();
  const area = (index: number) => [
    { zipcode: "10001", type: "PSA" as const },
    { zipcode: String(10002 + (index % 50)).padStart(5, "0"), type: "SSA" as const },
    { zipcode: String(index).padStart(5, "0"), type: "TSA" as const },
  ];
  const first = await drawnServiceAreaPolygons(area(0), lookup);
  const second = await drawnServiceAreaPolygons(area(1), lookup);
  expect(await drawnServiceAreaPolygons(area(0), lookup)).toBe(first);
  for (let index = 2; index <= AREA_POLYGON_ENTRIES; index++) {
    // area(0) is used again before the last one comes in: area(1) is the least recently used.
    if (index === AREA_POLYGON_ENTRIES) expect(await drawnServiceAreaPolygons(area(0), lookup)).toBe(first);
    await drawnServiceAreaPolygons(area(index), lookup);
  }
  expect(figuresOf("areaPolygons")).toEqual({
    name: "areaPolygons",
    size: AREA_POLYGON_ENTRIES,
    max: AREA_POLYGON_ENTRIES,
  });
  // area(1) was dropped: made again (a new object), equal to the first one made.
  const again = await drawnServiceAreaPolygons(area(1), lookup);
  expect(again).not.toBe(second);
  expect(JSON.stringify(again)).toBe(JSON.stringify(second));
  expect(await drawnServiceAreaPolygons(area(0), lookup)).toBe(first);
});

test("drive-polygon memos: past the bound the count stays at it and answers stay right", () => {
  // A circle of 15 km around New York's 10001 holds 10001's centroid and not 90210's.
  const drives = (index: number) =>
    [{ feature: driveCircle(40.7506 + index * 1e-7, -73.9972, 15, 60) }] as unknown as Parameters<
      typeof insideDriveAreasOf
    >[0];
  for (let index = 0; index <= DRIVE_INSIDE_ENTRIES; index++) {
    const inside = insideDriveAreasOf(drives(index));
    if (index % 100 === 0) {
      expect(inside("10001")).toBe(true);
      expect(inside("90210")).toBe(false);
    }
  }
  expect(figuresOf("driveInside")).toEqual({
    name: "driveInside",
    size: DRIVE_INSIDE_ENTRIES,
    max: DRIVE_INSIDE_ENTRIES,
  });
  expect(insideDriveAreasOf(drives(0))("10001")).toBe(true);
});

test("drive circles: one per place and settings, drawn once; past the bound the count stays at it", async () => {
  const first = await circleDriveAreas.around(40, -86, 15, 50);
  expect(await circleDriveAreas.around(40, -86, 15, 50)).toBe(first);
  expect(await circleDriveAreas.around(40, -86, 15, 60)).not.toBe(first);
  for (let index = 0; index <= DRIVE_CIRCLE_ENTRIES; index++)
    await circleDriveAreas.around(41 + index * 1e-4, -86, 15, 50);
  expect(figuresOf("driveCircles")).toEqual({
    name: "driveCircles",
    size: DRIVE_CIRCLE_ENTRIES,
    max: DRIVE_CIRCLE_ENTRIES,
  });
  // The first place's circle went: drawn again, the same shape.
  const again = await circleDriveAreas.around(40, -86, 15, 50);
  expect(again).not.toBe(first);
  expect(again.feature.geometry.coordinates).toEqual(first.feature.geometry.coordinates);
});

test("zip polygon sources: at most ZIP_LOOKUP_FOLDERS are kept", () => {
  for (let index = 0; index <= ZIP_LOOKUP_FOLDERS + 1; index++) {
    // Folders without a polygon file: circles around the shipped centroids.
    const lookup = lazyZipPolygonLookup(`/nonexistent/vitality-zip-${index}`);
    expect(lookup("10001")?.properties.approximate).toBe(true);
  }
  expect(figuresOf("zipLookups")).toEqual({
    name: "zipLookups",
    size: ZIP_LOOKUP_FOLDERS,
    max: ZIP_LOOKUP_FOLDERS,
  });
});
