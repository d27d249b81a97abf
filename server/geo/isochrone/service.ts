/**
 * An isochrone service: the area reachable by car from a point within some minutes, as a GeoJSON
 * polygon. One adapter per kind (valhalla.ts, openRouteService.ts, graphHopper.ts), each asking in
 * its own documented request format and reading its own answer format.
 */
import type { Feature, MultiPolygon, Polygon } from "geojson";
import type { IsochroneSettings } from "../../config.ts";

export type AreaFeature = Feature<Polygon | MultiPolygon>;

export interface IsochroneRequest {
  lat: number;
  lon: number;
  minutes: number;
  signal: AbortSignal;
}

export interface IsochroneService {
  readonly kind: IsochroneSettings["kind"];
  drivePolygon(request: IsochroneRequest): Promise<AreaFeature>;
}

/** A service answer the adapter cannot use: said in the warning, never shown to a user. */
export class IsochroneAnswerError extends Error {
  override name = "IsochroneAnswerError";
}

/** The base URL without its trailing slash, with `path` appended. */
export function endpoint(base: string, path: string): URL {
  return new URL(`${base.replace(/\/+$/, "")}${path}`);
}

export async function readJson(response: Response): Promise<unknown> {
  if (!response.ok) {
    const text = (await response.text().catch(() => "")).slice(0, 200);
    throw new IsochroneAnswerError(`HTTP ${response.status}${text ? `: ${text}` : ""}`);
  }
  try {
    return await response.json();
  } catch {
    throw new IsochroneAnswerError("an answer that is not JSON");
  }
}

/** The first Polygon or MultiPolygon feature of a list (Valhalla may add the input point). */
export function firstArea(features: unknown): AreaFeature {
  if (Array.isArray(features)) {
    for (const feature of features as Feature[]) {
      const type = feature?.geometry?.type;
      if ((type === "Polygon" || type === "MultiPolygon") && Array.isArray(feature.geometry.coordinates))
        return { type: "Feature", properties: {}, geometry: feature.geometry as Polygon | MultiPolygon };
    }
  }
  throw new IsochroneAnswerError("an answer without a polygon");
}
