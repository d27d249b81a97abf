/**
 * `zipPolygonFor(zip)`: the polygon the maps draw for a zip code.
 *
 * Lookup order (data-contract.md sections 6 and 8):
 *  1. the polygons loaded from a fixture folder or an imported ZCTA file (`geo/zip_polygons.geojson`);
 *  2. otherwise an approximate circle of FALLBACK_RADIUS_KM around the zip's shipped centroid, marked
 *     `properties.approximate = true` so a map can draw it differently;
 *  3. undefined for a zip that has no centroid either.
 */
import { circle } from "@turf/turf";
import type { Feature, MultiPolygon, Polygon } from "geojson";
import { LRUCache } from "lru-cache";
import { boundedCache } from "../caches/bounded.ts";
import { zipCentroid } from "./zipCentroids.ts";
import { readZipPolygons, type ZipPolygon } from "./zipPolygonsFile.ts";

/** About the radius of a median suburban ZCTA (~20 km² area). */
export const FALLBACK_RADIUS_KM = 2.5;

export type ZipShape = Feature<Polygon | MultiPolygon, { zipcode: string; approximate: boolean }>;

export type ZipPolygonLookup = (zip: string) => ZipShape | undefined;

/** A lookup over the given polygons (e.g. readZipPolygons(fixtureDir)), falling back to circles. */
/** Circles kept per lookup, least recently used out: about 1-2 kB each; the US has ~33,000 zips. */
export const ZIP_CIRCLE_ENTRIES = 20_000;

export function zipPolygonLookup(polygons: Map<string, ZipPolygon> = new Map()): ZipPolygonLookup {
  const fallbacks = new LRUCache<string, ZipShape>({ max: ZIP_CIRCLE_ENTRIES });
  return (zip: string) => {
    const known = polygons.get(zip);
    if (known) return { ...known, properties: { zipcode: zip, approximate: false } };
    let fallback = fallbacks.get(zip);
    if (!fallback) {
      const centroid = zipCentroid(zip);
      if (!centroid) return undefined;
      fallback = circle([centroid.lon, centroid.lat], FALLBACK_RADIUS_KM, {
        steps: 24,
        units: "kilometers",
        properties: { zipcode: zip, approximate: true },
      });
      fallbacks.set(zip, fallback);
    }
    return fallback;
  };
}

/** Fixture folders whose polygons are kept (tools and tests; the server reads engine/zipPolygons.ts). */
const lookupsByFolder = boundedCache<ZipPolygonLookup>({ name: "zipShapeFolders", max: 4 });

/** The polygon of a zip using a fixture folder's polygons (read once per folder) when given. */
export function zipPolygonFor(zip: string, fixtureDir?: string): ZipShape | undefined {
  const key = fixtureDir ?? "";
  let lookup = lookupsByFolder.get(key);
  if (!lookup) {
    lookup = zipPolygonLookup(fixtureDir ? readZipPolygons(fixtureDir) : new Map());
    lookupsByFolder.set(key, lookup);
  }
  return lookup(zip);
}
