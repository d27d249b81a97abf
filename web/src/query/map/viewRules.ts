/**
 * Where a map opens (MapDescriptor.center): "us" shows the country at the initial zoom; "psa"
 * re-centres on the primary service area at the focused zoom (customer-area.md querie9: zoom 5,
 * minimum 5, then the PSA at zoom 9); "facilities" fits the markers, no closer than the initial zoom.
 * Without the features a rule needs, the map stays on the country.
 */
import { createEmpty, type Extent, extend, getCenter, isEmpty } from "ol/extent.js";
import type OlMap from "ol/Map.js";
import { fromLonLat } from "ol/proj.js";
import { type MapDescriptor, PSA_LAYER_ID } from "../../../../server/engine/view.ts";
import type { MapFeature } from "./layerFeatures.ts";

/** The middle of the contiguous United States. */
export const US_CENTER_LON_LAT = [-96, 38.5] as const;
export const MAX_ZOOM = 18;
export { PSA_LAYER_ID };

export type ViewTarget =
  | { kind: "center"; center: number[]; zoom: number }
  | { kind: "fit"; extent: Extent; maxZoom: number };

function extentOf(features: MapFeature[]): Extent {
  const extent = createEmpty();
  for (const feature of features) {
    const geometry = feature.getGeometry();
    if (geometry) extend(extent, geometry.getExtent());
  }
  return extent;
}

export function viewTarget(
  descriptor: MapDescriptor,
  featuresByLayer: ReadonlyMap<string, MapFeature[]>,
): ViewTarget {
  const country: ViewTarget = {
    kind: "center",
    center: fromLonLat([...US_CENTER_LON_LAT]),
    zoom: descriptor.zoom.initial,
  };
  if (descriptor.center === "psa") {
    const psa = extentOf(featuresByLayer.get(PSA_LAYER_ID) ?? []);
    if (isEmpty(psa)) return country;
    return {
      kind: "center",
      center: getCenter(psa),
      zoom: descriptor.zoom.focused ?? descriptor.zoom.initial,
    };
  }
  if (descriptor.center === "facilities") {
    const markerLayers = descriptor.layers.filter((layer) => layer.kind === "markers");
    const markers = extentOf(markerLayers.flatMap((layer) => featuresByLayer.get(layer.id) ?? []));
    if (isEmpty(markers)) return country;
    return { kind: "fit", extent: markers, maxZoom: descriptor.zoom.initial };
  }
  return country;
}

/** Moves a map's view to the target (no animation: the map opens there). */
export function applyViewTarget(map: OlMap, target: ViewTarget) {
  const view = map.getView();
  if (target.kind === "center") {
    view.setCenter(target.center);
    view.setZoom(target.zoom);
    return;
  }
  map.updateSize();
  view.fit(target.extent, { padding: [48, 48, 48, 48], maxZoom: target.maxZoom });
}
