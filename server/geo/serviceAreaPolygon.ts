/**
 * Service-area polygons (psa_polygon, ssa_polygon, tsa_polygon of querie9): the union of the
 * polygons of the area's zips (data-contract.md section 6).
 */
import { featureCollection, union } from "@turf/turf";
import type { Feature, MultiPolygon, Polygon } from "geojson";
import { type ZipPolygonLookup, zipPolygonLookup } from "./zipPolygon.ts";

export type AreaPolygon = Feature<Polygon | MultiPolygon, { zipcodes: string[] }>;

/**
 * The union of the zips' polygons, or null when none of the zips has a polygon. Zips without any
 * polygon (unknown centroid) are skipped and absent from properties.zipcodes.
 */
export function unionOfZipPolygons(zips: Iterable<string>, lookup: ZipPolygonLookup = zipPolygonLookup()) {
  const shapes = [];
  const included: string[] = [];
  for (const zip of new Set(zips)) {
    const shape = lookup(zip);
    if (!shape) continue;
    shapes.push(shape);
    included.push(zip);
  }
  if (shapes.length === 0) return null;
  const merged = shapes.length === 1 ? shapes[0]! : union(featureCollection(shapes));
  if (!merged) return null;
  return { type: "Feature", geometry: merged.geometry, properties: { zipcodes: included } } as AreaPolygon;
}

/** PSA, SSA and TSA polygons of a service-area list (organization.json `service_areas[year]`). */
export function serviceAreaPolygons(
  serviceArea: Array<{ zipcode: string; type: "PSA" | "SSA" | "TSA" }>,
  lookup: ZipPolygonLookup = zipPolygonLookup(),
) {
  const zipsOf = (type: string) =>
    serviceArea.filter((entry) => entry.type === type).map((entry) => entry.zipcode);
  return {
    psa_polygon: unionOfZipPolygons(zipsOf("PSA"), lookup),
    ssa_polygon: unionOfZipPolygons(zipsOf("SSA"), lookup),
    tsa_polygon: unionOfZipPolygons(zipsOf("TSA"), lookup),
  };
}
