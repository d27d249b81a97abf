/**
 * The base map's state and county outlines, fetched for the part of the country in view and the
 * detail of the zoom shown (GET /api/services/geo/outlines, server/geo/baseMapOutlines.ts) instead
 * of us-atlas's whole files (957 kB). One source per detail level; its layer shows it over the
 * level's zoom range only, and OpenLayers loads a source only while its layer is visible.
 */
import type { Extent } from "ol/extent.js";
import type { FeatureLike } from "ol/Feature.js";
import TopoJSON from "ol/format/TopoJSON.js";
import { transformExtent } from "ol/proj.js";
import VectorSource from "ol/source/Vector.js";
import type { OutlinesAnswer } from "../../api/answers.ts";
import { apiRequest } from "../../api/client.ts";

/** The feature property naming the TopoJSON object a feature came from ("states" or "counties"). */
export const OUTLINE_KIND = "outline";

export interface OutlineLevel {
  /** The zoom the server simplifies for: the top of the level's range. */
  detail: number;
  /** OpenLayers' layer range: shown when minZoom < zoom <= maxZoom. */
  minZoom?: number;
  maxZoom?: number;
}

/**
 * A level per zoom up to 8 (the country view at zoom 4 takes ~40 kB, at 6 ~95 kB); from 8 on one
 * level at full detail (the 1:10m source has no more). Counties come with the levels from 7.
 */
export const OUTLINE_LEVELS: OutlineLevel[] = [
  { detail: 4, maxZoom: 4 },
  { detail: 5, minZoom: 4, maxZoom: 5 },
  { detail: 6, minZoom: 5, maxZoom: 6 },
  { detail: 7, minZoom: 6, maxZoom: 7 },
  { detail: 8, minZoom: 7, maxZoom: 8 },
  { detail: 10, minZoom: 8 },
];

/** Web Mercator metres per pixel at zoom 0 (256-pixel tiles). */
const RESOLUTION_AT_ZOOM_0 = 156_543.033_928;
/**
 * Requests cover whole cells of this many pixels at the level's zoom, so nearby views ask for the
 * same box and small pans load nothing. Small cells: the counties of a box grow with its area (with
 * 512-pixel cells the advisory board's zoom-7 view asked for 26 states' counties, 324 kB).
 */
const CELL_PX = 128;

/** The view's extent grown to whole cells, so nearby views ask for the same box. */
export function snappedExtent(extent: Extent, detail: number): Extent {
  const cell = (CELL_PX * RESOLUTION_AT_ZOOM_0) / 2 ** detail;
  return [
    Math.floor(extent[0]! / cell) * cell,
    Math.floor(extent[1]! / cell) * cell,
    Math.ceil(extent[2]! / cell) * cell,
    Math.ceil(extent[3]! / cell) * cell,
  ];
}

/** The request's box in degrees (clamped to the world), or null when the extent is off it. */
export function outlineBox(extent: Extent, projection: string): string | null {
  const [west, south, east, north] = transformExtent(extent, projection, "EPSG:4326");
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  const box = [clamp(west!, 180), clamp(south!, 85), clamp(east!, 180), clamp(north!, 85)];
  if (!(box[0]! < box[2]! && box[1]! < box[3]!)) return null;
  return box.map((value) => value.toFixed(3)).join(",");
}

export function outlineSource({ detail }: OutlineLevel): VectorSource {
  const format = new TopoJSON({ layerName: OUTLINE_KIND, dataProjection: "EPSG:4326" });
  const source: VectorSource = new VectorSource({
    strategy: (extent) => [snappedExtent(extent, detail)],
    loader(extent, _resolution, projection, success, failure) {
      const box = outlineBox(extent, projection.getCode());
      if (!box) {
        success?.([]);
        return;
      }
      apiRequest<OutlinesAnswer>(`/api/services/geo/outlines?bbox=${box}&zoom=${detail}`)
        .then((topology) => {
          // A shape already loaded by a neighbouring box keeps its feature (same id: not added twice).
          const features = format.readFeatures(topology, { featureProjection: projection });
          source.addFeatures(features as never);
          success?.(features as never);
        })
        .catch(() => {
          // Forget the box, so the next view change asks again.
          source.removeLoadedExtent(extent);
          failure?.();
        });
    },
  });
  return source;
}

/** Whether a feature of an outline source is a county (else a state). */
export const isCounty = (feature: FeatureLike) => feature.get(OUTLINE_KIND) === "counties";
