import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { area, booleanPointInPolygon, point } from "@turf/turf";
import { zipSync } from "fflate";
import {
  distanceKm,
  distinctCentroids,
  importZcta,
  serviceAreaPolygons,
  stateOutline,
  unionOfZipPolygons,
  voronoiZipPolygons,
  zipCentroid,
  zipPolygonLookup,
  zipsWithinKm,
} from "./index.ts";
import { dbfBytes, shpBytes, type TestZcta } from "./testShapefile.ts";
import { recordsFromPackageFile } from "./zipCentroids.ts";

describe("zip centroids", () => {
  test("cover the country with city and state", () => {
    expect(zipCentroid("46204")).toMatchObject({ city: "Indianapolis", state: "IN" });
    expect(zipCentroid("10001")?.state).toBe("NY");
    expect(zipCentroid("46204-1234")?.zipcode).toBe("46204");
    expect(zipCentroid("00000")).toBeUndefined();
  });
  test("read from the package's file as JSON: every US record the package's module gives, no other", () => {
    const usOf = (records: Record<string, { country: string }>) =>
      Object.values(records).filter((record) => record.country === "US");
    const fromModule = usOf(require("zipcodes").codes);
    expect(fromModule.length).toBeGreaterThan(40_000);
    const fromFile = recordsFromPackageFile();
    expect(fromFile).toBeDefined();
    expect(usOf(fromFile!)).toEqual(fromModule);
  });
  test("radius search is nearest first and limited to the state", () => {
    const zips = zipsWithinKm(40, -86, 30, "IN");
    expect(zips.length).toBeGreaterThan(10);
    expect(zips.every((zip) => zip.state === "IN" && distanceKm(40, -86, zip.lat, zip.lon) <= 30)).toBe(true);
  });
});

describe("voronoi zip polygons", () => {
  const zips = distinctCentroids(zipsWithinKm(40, -86, 40, "IN"));
  const polygons = voronoiZipPolygons(zips, stateOutline("IN"));
  test("every zip gets a polygon holding its centroid", () => {
    expect(polygons.length).toBe(zips.length);
    zips.forEach((zip, index) => {
      expect(polygons[index]!.properties.zipcode).toBe(zip.zipcode);
      expect(booleanPointInPolygon(point([zip.lon, zip.lat]), polygons[index]!)).toBe(true);
    });
  });
  test("service-area union is one shape as large as its parts", () => {
    const lookup = zipPolygonLookup(new Map(polygons.map((p) => [p.properties.zipcode, p])));
    const chosen = zips.slice(0, 5).map((zip) => zip.zipcode);
    const merged = unionOfZipPolygons(chosen, lookup)!;
    const parts = chosen.reduce((sum, zip) => sum + area(lookup(zip)!), 0);
    expect(merged.properties.zipcodes).toEqual(chosen);
    expect(Math.abs(area(merged) - parts) / parts).toBeLessThan(0.01);
    const areas = serviceAreaPolygons([{ zipcode: chosen[0]!, type: "PSA" }], lookup);
    expect(areas.psa_polygon).not.toBeNull();
    expect(areas.ssa_polygon).toBeNull();
  });
});

describe("zipPolygonFor fallback", () => {
  test("a zip without a loaded polygon gets an approximate circle around its centroid", () => {
    const shape = zipPolygonLookup()("46204")!;
    expect(shape.properties.approximate).toBe(true);
    const centroid = zipCentroid("46204")!;
    expect(booleanPointInPolygon(point([centroid.lon, centroid.lat]), shape)).toBe(true);
    expect(zipPolygonLookup()("00000")).toBeUndefined();
  });
});

describe("ZCTA import", () => {
  const zctas: TestZcta[] = [
    {
      zcta: "46204",
      ring: [
        [-86.2, 39.7],
        [-86.2, 39.8],
        [-86.1, 39.8],
        [-86.1, 39.7],
        [-86.2, 39.7],
      ],
    },
    {
      zcta: "46060",
      ring: [
        [-86.1, 40.0],
        [-86.1, 40.1],
        [-85.9, 40.1],
        [-85.9, 40.0],
        [-86.1, 40.0],
      ],
    },
  ];
  const dir = mkdtempSync(join(tmpdir(), "zcta-"));
  writeFileSync(join(dir, "tl_test_zcta520.shp"), shpBytes(zctas));
  writeFileSync(join(dir, "tl_test_zcta520.dbf"), dbfBytes(zctas));

  test("reads a .shp with its .dbf into zip polygons", async () => {
    const out = join(dir, "out", "zip_polygons.geojson");
    expect(await importZcta(join(dir, "tl_test_zcta520.shp"), out)).toBe(2);
    const collection = JSON.parse(readFileSync(out, "utf8"));
    expect(collection.type).toBe("FeatureCollection");
    expect(collection.features.map((f: { properties: { zipcode: string } }) => f.properties.zipcode)).toEqual(
      ["46204", "46060"],
    );
    expect(booleanPointInPolygon(point([-86.15, 39.75]), collection.features[0])).toBe(true);
  });

  test("reads a zipped shapefile and filters by zip prefix", async () => {
    const zipped = join(dir, "tl_test_zcta520.zip");
    writeFileSync(
      zipped,
      zipSync({ "tl_test_zcta520.shp": shpBytes(zctas), "tl_test_zcta520.dbf": dbfBytes(zctas) }),
    );
    const out = join(dir, "zipped.geojson");
    expect(await importZcta(zipped, out, { zipPrefixes: ["460"] })).toBe(1);
    expect(JSON.parse(readFileSync(out, "utf8")).features[0].properties.zipcode).toBe("46060");
  });
});
