/**
 * Map shapes in the form the screens take: `{ type: "poly" | "multipoly", coordinates }` with
 * longitude/latitude pairs (customer-area.md, querie9), plus whether the shape is approximate.
 * The coordinates are simplified and rounded for drawing (server/geo/drawnPolygon.ts).
 */
import { booleanPointInPolygon, circle, point } from "@turf/turf";
import type { Feature, MultiPolygon, Polygon } from "geojson";
import type { LRUCache } from "lru-cache";
import { z } from "zod";
import { boundedCache } from "../caches/bounded.ts";
import { drawnMultiPolygon, drawnPolygon } from "../geo/drawnPolygon.ts";
import { serviceAreaPolygons } from "../geo/serviceAreaPolygon.ts";
import { zipCentroid } from "../geo/zipCentroids.ts";
import type { ZipPolygonLookup } from "../geo/zipPolygon.ts";
import { type KeptValues, keptJson, keptPath } from "./derived/keptJson.ts";

export interface MapPolygon {
  type: "poly" | "multipoly";
  coordinates: number[][][] | number[][][][];
  approximation: boolean;
}

/**
 * Drawn coordinates per geometry: a zip's polygon is drawn in every answer that maps it (querie5's
 * and querie9's few hundred zips: simplifying them was a fifth of those answers' time at 1m). Held
 * as long as the geometry is (the polygon lookups and drive areas hold theirs, bounded); answers
 * share the arrays, which nothing modifies.
 */
const drawnCoordinates = new WeakMap<Polygon | MultiPolygon, MapPolygon["coordinates"]>();

function drawnOf(geometry: Polygon | MultiPolygon) {
  let coordinates = drawnCoordinates.get(geometry);
  if (!coordinates) {
    coordinates =
      geometry.type === "Polygon"
        ? drawnPolygon(geometry.coordinates)
        : drawnMultiPolygon(geometry.coordinates);
    drawnCoordinates.set(geometry, coordinates);
  }
  return coordinates;
}

export function mapPolygon(
  feature: Feature<Polygon | MultiPolygon> | null | undefined,
  approximation = false,
): MapPolygon | null {
  if (!feature) return null;
  const geometry = feature.geometry;
  const approximate =
    approximation || (feature.properties as { approximate?: boolean } | null)?.approximate === true;
  return {
    type: geometry.type === "Polygon" ? "poly" : "multipoly",
    coordinates: drawnOf(geometry),
    approximation: approximate,
  };
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

/** The service area's polygons as drawn on the maps (querie9's psa_polygon, ssa_polygon, tsa_polygon). */
export interface DrawnAreaPolygons {
  psa_polygon: MapPolygon | null;
  ssa_polygon: MapPolygon | null;
  tsa_polygon: MapPolygon | null;
}
type ServiceAreaList = Array<{ zipcode: string; type: "PSA" | "SSA" | "TSA" }>;

/** Per polygon source (a server has one), service-area list -> drawn polygons; least recently used out. */
const areaPolygonMemo = new WeakMap<ZipPolygonLookup, LRUCache<string, DrawnAreaPolygons>>();
/** 50 organisations x 3 years x (year, reference year): a union costs 10-40 ms (1m, up to 174 zips). */
export const AREA_POLYGON_ENTRIES = 300;
/** Bumped when the union or the drawing of the polygons changes (their kept files are then made again). */
const AREA_POLYGONS_VERSION = 1;

const mapPolygonSchema = z
  .object({
    type: z.enum(["poly", "multipoly"]),
    coordinates: z.array(z.array(z.any())),
    approximation: z.boolean(),
  })
  .nullable() as z.ZodType<MapPolygon | null>;
const keptAreaPolygons: z.ZodType<DrawnAreaPolygons> = z.object({
  psa_polygon: mapPolygonSchema,
  ssa_polygon: mapPolygonSchema,
  tsa_polygon: mapPolygonSchema,
});

function drawAreaPolygons(serviceArea: ServiceAreaList, lookup: ZipPolygonLookup): DrawnAreaPolygons {
  const areas = serviceAreaPolygons(serviceArea, lookup);
  // An area drawn from any fallback circle is itself an approximation.
  const approximate = (type: string) =>
    serviceArea.some((zip) => zip.type === type && lookup(zip.zipcode)?.properties.approximate === true);
  return {
    psa_polygon: mapPolygon(areas.psa_polygon, approximate("PSA")),
    ssa_polygon: mapPolygon(areas.ssa_polygon, approximate("SSA")),
    tsa_polygon: mapPolygon(areas.tsa_polygon, approximate("TSA")),
  };
}

/**
 * The service area's drawn polygons, remembered per polygon source and service-area list, and with
 * `kept` kept as a file of the organisation-year (derived/keptJson.ts: the data pipeline makes it,
 * a new process reads it): the union of a hundred zip polygons costs 10-40 ms, and a service area
 * changes rarely. Callers must not modify the result (it is shared between runs).
 */
export async function drawnServiceAreaPolygons(
  serviceArea: ServiceAreaList,
  lookup: ZipPolygonLookup,
  kept?: KeptValues,
): Promise<DrawnAreaPolygons> {
  let memo = areaPolygonMemo.get(lookup);
  if (!memo) {
    memo = boundedCache<DrawnAreaPolygons>({ name: "areaPolygons", max: AREA_POLYGON_ENTRIES });
    areaPolygonMemo.set(lookup, memo);
  }
  const list = JSON.stringify(serviceArea.map((zip) => [zip.zipcode, zip.type]));
  // With a kept file, remembered under its path (the organisation-year's): held means kept.
  const path = kept && keptPath(kept, "area_polygons", [list, kept.zipPolygons, AREA_POLYGONS_VERSION]);
  const key = path ?? list;
  let polygons = memo.get(key);
  if (!polygons) {
    const draw = () => drawAreaPolygons(serviceArea, lookup);
    polygons = path ? await keptJson(path, draw, keptAreaPolygons) : draw();
    memo.set(key, polygons);
  }
  return polygons;
}
