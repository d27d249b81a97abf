/**
 * The zip polygon lookup of a run, loaded on first use: the reference geography (turf and the
 * national centroid table) takes a second to load, and most analyses never draw a zip.
 */
import { createRequire } from "node:module";
import type { ZipPolygonLookup } from "../geo/zipPolygon.ts";

const require = createRequire(import.meta.url);

type GeoModule = typeof import("../geo/zipPolygon.ts");
type PolygonFileModule = typeof import("../geo/zipPolygonsFile.ts");

const lookups = new Map<string, ZipPolygonLookup>();
const lazyLookups = new Map<string, ZipPolygonLookup>();

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
