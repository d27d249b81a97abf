/**
 * The zip polygon file of a fixture folder: `geo/zip_polygons.geojson`, a FeatureCollection whose
 * features carry `properties.zipcode` (data-contract.md section 8).
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from "geojson";

export type ZipPolygon = Feature<Polygon | MultiPolygon, { zipcode: string }>;
export type ZipPolygonCollection = FeatureCollection<Polygon | MultiPolygon, { zipcode: string }>;

export const ZIP_POLYGONS_PATH = join("geo", "zip_polygons.geojson");

/** Six decimals of a degree are ~0.1 m: more only inflates the file. */
function roundCoordinates(value: unknown): unknown {
  if (typeof value === "number") return Math.round(value * 1e6) / 1e6;
  return Array.isArray(value) ? value.map(roundCoordinates) : value;
}

/** One feature per line, so large files stay diffable and can be written as a stream. */
export function featureLine(polygon: ZipPolygon): string {
  return JSON.stringify({
    type: "Feature",
    properties: { zipcode: polygon.properties.zipcode },
    geometry: { type: polygon.geometry.type, coordinates: roundCoordinates(polygon.geometry.coordinates) },
  });
}

export const COLLECTION_HEAD = '{"type":"FeatureCollection","features":[\n';
export const COLLECTION_TAIL = "\n]}\n";

export function serialiseZipPolygons(polygons: ZipPolygon[]): string {
  return COLLECTION_HEAD + polygons.map(featureLine).join(",\n") + COLLECTION_TAIL;
}

/** Polygons by zip from a fixture folder; an empty map when the folder has no polygon file. */
export function readZipPolygons(fixtureDir: string): Map<string, ZipPolygon> {
  const path = join(fixtureDir, ZIP_POLYGONS_PATH);
  const polygons = new Map<string, ZipPolygon>();
  if (!existsSync(path)) return polygons;
  const collection = JSON.parse(readFileSync(path, "utf8")) as ZipPolygonCollection;
  for (const polygon of collection.features) {
    const zip = String(polygon.properties?.zipcode ?? "");
    if (/^\d{5}$/.test(zip)) polygons.set(zip, polygon);
  }
  return polygons;
}

/**
 * Makes a fixture folder's zip polygons the ones the data directory's maps draw (else the shipped
 * reference geography's approximations). True when the folder had a polygon file.
 */
export function installZipPolygons(fixtureDir: string, dataDir: string): boolean {
  const source = join(fixtureDir, ZIP_POLYGONS_PATH);
  if (!existsSync(source)) return false;
  mkdirSync(join(dataDir, "geo"), { recursive: true });
  copyFileSync(source, join(dataDir, ZIP_POLYGONS_PATH));
  return true;
}
