/**
 * Result shapes to OpenLayers geometries. Analyses send polygons as `{ type: "poly" | "multipoly",
 * coordinates }` with longitude/latitude pairs (server/engine/geo.ts, MapPolygon) and markers as
 * objects with `lat` and `lon`; the map draws in Web Mercator (EPSG:3857).
 */
import MultiPolygon from "ol/geom/MultiPolygon.js";
import Point from "ol/geom/Point.js";
import Polygon from "ol/geom/Polygon.js";
import { fromLonLat } from "ol/proj.js";

type Ring = number[][];

const isPosition = (value: unknown): value is number[] =>
  Array.isArray(value) &&
  value.length >= 2 &&
  value.every((coordinate) => typeof coordinate === "number" && Number.isFinite(coordinate));

/** A closed ring needs at least 4 positions (the first repeated last). */
const isRing = (value: unknown): value is Ring =>
  Array.isArray(value) && value.length >= 4 && value.every(isPosition);

const isPolygonRings = (value: unknown): value is Ring[] =>
  Array.isArray(value) && value.length > 0 && value.every(isRing);

const toMercator = (rings: Ring[]) => rings.map((ring) => ring.map((position) => fromLonLat(position)));

/**
 * The OpenLayers geometry of a result polygon, or null when the value is not one (a zip without a
 * known shape comes as null and is simply not drawn).
 */
export function polygonGeometry(value: unknown): Polygon | MultiPolygon | null {
  if (typeof value !== "object" || value === null) return null;
  const { type, coordinates } = value as { type?: unknown; coordinates?: unknown };
  if (type === "poly" && isPolygonRings(coordinates)) return new Polygon(toMercator(coordinates));
  if (type === "multipoly" && Array.isArray(coordinates) && coordinates.length > 0) {
    if (!coordinates.every(isPolygonRings)) return null;
    return new MultiPolygon(coordinates.map(toMercator));
  }
  return null;
}

/** A marker's point from its `lat` and `lon` fields, or null when either is missing. */
export function markerGeometry(item: Record<string, unknown>): Point | null {
  const { lat, lon } = item;
  if (typeof lat !== "number" || typeof lon !== "number" || !Number.isFinite(lat) || !Number.isFinite(lon)) {
    return null;
  }
  return new Point(fromLonLat([lon, lat]));
}

/**
 * Where a polygon's label goes: the interior point of its largest part, so a multi-part service
 * area is labelled once and inside itself.
 */
export function labelPoint(geometry: Polygon | MultiPolygon): Point {
  if (geometry instanceof Polygon) return new Point(geometry.getInteriorPoint().getCoordinates().slice(0, 2));
  const largest = geometry
    .getPolygons()
    .reduce((best, polygon) => (polygon.getArea() > best.getArea() ? polygon : best));
  return new Point(largest.getInteriorPoint().getCoordinates().slice(0, 2));
}
