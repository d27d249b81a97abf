/**
 * The zip polygon lookup of a run, loaded on first use: the reference geography (turf and the
 * national centroid table) takes a second to load, and most analyses never draw a zip.
 */
import { createRequire } from "node:module";
import { LRUCache } from "lru-cache";
import { boundedCache } from "../caches/bounded.ts";
import type { ZipPolygonLookup } from "../geo/zipPolygon.ts";

const require = createRequire(import.meta.url);

type GeoModule = typeof import("../geo/zipPolygon.ts");
type PolygonFileModule = typeof import("../geo/zipPolygonsFile.ts");

/**
 * Polygon sources kept, least recently used out: a server reads one (its data folder's ZCTA file, or
 * the circles); each holds its whole polygon file (tens of MB for a national ZCTA import).
 */
export const ZIP_LOOKUP_FOLDERS = 4;
const lookups = boundedCache<ZipPolygonLookup>({ name: "zipLookups", max: ZIP_LOOKUP_FOLDERS });
/** The functions handed out, one per source; unregistered: bounded with the sources, and tiny. */
const lazyLookups = new LRUCache<string, ZipPolygonLookup>({ max: ZIP_LOOKUP_FOLDERS });

/**
 * Polygons from `<folder>/geo/zip_polygons.geojson` when the folder has one (a fixture folder or the
 * data folder after a ZCTA import), else approximate circles around the shipped centroids.
 */
export function lazyZipPolygonLookup(polygonFolder?: string): ZipPolygonLookup {
  const key = polygonFolder ?? "";
  // One function per source, so what is derived from it (service-area unions) can be remembered.
  let lazy = lazyLookups.get(key);
  if (lazy) return lazy;
  lazy = (zip) => {
    let lookup = lookups.get(key);
    if (!lookup) {
      const geo = require("../geo/zipPolygon.ts") as GeoModule;
      const file = require("../geo/zipPolygonsFile.ts") as PolygonFileModule;
      lookup = geo.zipPolygonLookup(polygonFolder ? file.readZipPolygons(polygonFolder) : new Map());
      lookups.set(key, lookup);
    }
    return lookup(zip);
  };
  lazyLookups.set(key, lazy);
  return lazy;
}
