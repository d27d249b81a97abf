/**
 * Map shapes in the form the screens take: `{ type: "poly" | "multipoly", coordinates }` with
 * longitude/latitude pairs (customer-area.md, querie9), plus whether the shape is approximate.
 * The coordinates are simplified and rounded for drawing (server/geo/drawnPolygon.ts).
 */
import { booleanPointInPolygon, circle, point } from "@turf/turf";
import type { Feature, MultiPolygon, Polygon } from "geojson";
import type { LRUCache } from "lru-cache";
import { boundedCache } from "../caches/bounded.ts";
import { drawnMultiPolygon, drawnPolygon } from "../geo/drawnPolygon.ts";
import { serviceAreaPolygons } from "../geo/serviceAreaPolygon.ts";
import { zipCentroid } from "../geo/zipCentroids.ts";
import type { ZipPolygonLookup } from "../geo/zipPolygon.ts";

export interface MapPolygon {
  type: "poly" | "multipoly";
  coordinates: number[][][] | number[][][][];
  approximation: boolean;
}

export function mapPolygon(
  feature: Feature<Polygon | MultiPolygon> | null | undefined,
  approximation = false,
): MapPolygon | null {
  if (!feature) return null;
  const geometry = feature.geometry;
  const approximate =
    approximation || (feature.properties as { approximate?: boolean } | null)?.approximate === true;
  return geometry.type === "Polygon"
    ? { type: "poly", coordinates: drawnPolygon(geometry.coordinates), approximation: approximate }
    : { type: "multipoly", coordinates: drawnMultiPolygon(geometry.coordinates), approximation: approximate };
}

export const zipMapPolygon = (lookup: ZipPolygonLookup, zip: string) => mapPolygon(lookup(zip));

/**
 * The drive-time polygon without an isochrone service: a circle of the distance covered in
 * `minutes` at `speedKmh` (data-contract.md section 6), always marked as an approximation.
 */
export function driveCircle(lat: number, lon: number, minutes: number, speedKmh: number) {
  const radiusKm = (speedKmh * minutes) / 60;
  return circle([lon, lat], radiusKm, { steps: 48, units: "kilometers" });
}

/** Whether a zip's centroid lies in any of the polygons (zips without a centroid are outside). */
export function zipCentroidInside(zip: string, polygons: Feature<Polygon | MultiPolygon>[]) {
  const centroid = zipCentroid(zip);
  if (!centroid) return false;
  const at = point([centroid.lon, centroid.lat]);
  return polygons.some((polygon) => booleanPointInPolygon(at, polygon));
}

/** A facility's coordinates from the profile, else its zip centroid, else none. */
export function placeCoordinates(lat: number | null, lon: number | null, zip: string) {
  if (lat !== null && lon !== null) return { lat, lon, approximate: false };
  const centroid = zipCentroid(zip);
  return centroid ? { lat: centroid.lat, lon: centroid.lon, approximate: true } : null;
}

type AreaPolygons = ReturnType<typeof serviceAreaPolygons>;
/** Per polygon source (a server has one), service-area list -> union; least recently used out. */
const areaPolygonMemo = new WeakMap<ZipPolygonLookup, LRUCache<string, AreaPolygons>>();
/** 50 organisations x 3 years x (year, reference year): a union costs a few hundred ms to make again. */
export const AREA_POLYGON_ENTRIES = 300;

/**
 * serviceAreaPolygons, remembered per polygon source and service-area list: the union of a
 * hundred zip polygons takes a few hundred milliseconds, and a service area changes rarely.
 * Callers must not modify the result (it is shared between runs).
 */
export function cachedServiceAreaPolygons(
  serviceArea: Array<{ zipcode: string; type: "PSA" | "SSA" | "TSA" }>,
  lookup: ZipPolygonLookup,
): AreaPolygons {
  let memo = areaPolygonMemo.get(lookup);
  if (!memo) {
    memo = boundedCache<AreaPolygons>({ name: "areaPolygons", max: AREA_POLYGON_ENTRIES });
    areaPolygonMemo.set(lookup, memo);
  }
  const key = JSON.stringify(serviceArea.map((zip) => [zip.zipcode, zip.type]));
  let polygons = memo.get(key);
  if (!polygons) {
    polygons = serviceAreaPolygons(serviceArea, lookup);
    memo.set(key, polygons);
  }
  return polygons;
}
