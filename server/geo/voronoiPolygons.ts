/**
 * Synthetic zip polygons: the Voronoi cell of each zip centroid, clipped to a state outline.
 * Real deployments import Census ZCTA boundaries instead (zctaImport.ts); fixtures need polygons
 * that tile the region without shipping hundreds of megabytes of TIGER data.
 */
import { booleanPointInPolygon, featureCollection, intersect, point, polygon } from "@turf/turf";
import { Delaunay } from "d3-delaunay";
import type { MultiPolygon, Polygon, Position } from "geojson";
import type { StateOutline } from "./stateOutlines.ts";
import type { ZipPolygon } from "./zipPolygonsFile.ts";

export interface ZipPoint {
  zipcode: string;
  lat: number;
  lon: number;
}

/**
 * Cells are computed in a local equirectangular projection (longitude scaled by cos(latitude)) so
 * that they are not stretched east-west, then mapped back to degrees.
 *
 * Zips sharing one centroid (PO-box zips) would get empty cells; only the first of them (by input
 * order) gets a cell, so callers should pass distinct centroids. A cell whose clipped shape no
 * longer holds its centroid (a centroid outside the simplified state outline) keeps its unclipped
 * shape, so every zip's centroid is inside its polygon.
 */
export function voronoiZipPolygons(zips: ZipPoint[], clipTo?: StateOutline): ZipPolygon[] {
  if (zips.length === 0) return [];
  const meanLat = zips.reduce((sum, zip) => sum + zip.lat, 0) / zips.length;
  const xScale = Math.cos((meanLat * Math.PI) / 180);
  const projected = zips.map((zip): [number, number] => [zip.lon * xScale, zip.lat]);
  const xs = projected.map((p) => p[0]);
  const ys = projected.map((p) => p[1]);
  const margin = 0.5; // degrees beyond the outermost centroids, so edge cells reach the clip outline
  const bounds: [number, number, number, number] = [
    Math.min(...xs) - margin,
    Math.min(...ys) - margin,
    Math.max(...xs) + margin,
    Math.max(...ys) + margin,
  ];
  const voronoi = Delaunay.from(projected).voronoi(bounds);
  const polygons: ZipPolygon[] = [];
  zips.forEach((zip, index) => {
    const cell = voronoi.cellPolygon(index);
    if (!cell || cell.length < 4) return;
    const ring: Position[] = cell.map(([x, y]) => [x / xScale, y]);
    const unclipped = polygon([ring], { zipcode: zip.zipcode });
    let shape: ZipPolygon = unclipped;
    if (clipTo) {
      const clipped = intersect(featureCollection<Polygon | MultiPolygon>([unclipped, clipTo]));
      if (clipped && booleanPointInPolygon(point([zip.lon, zip.lat]), clipped)) {
        shape = { ...clipped, properties: { zipcode: zip.zipcode } };
      }
    }
    polygons.push(shape);
  });
  return polygons;
}

/** Keeps the first zip of each distinct centroid (see voronoiZipPolygons). */
export function distinctCentroids<T extends ZipPoint>(zips: T[]): T[] {
  const seen = new Set<string>();
  return zips.filter((zip) => {
    const key = `${zip.lat.toFixed(4)},${zip.lon.toFixed(4)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
