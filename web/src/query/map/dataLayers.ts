/**
 * The descriptor's layers as OpenLayers vector layers. Drawing order does not follow the
 * descriptor: band-coloured polygons go at the bottom, outlined areas above them, markers on top,
 * so no fill hides an outline or a marker (querie9 lists its service areas before the zips).
 */
import VectorLayer from "ol/layer/Vector.js";
import VectorSource from "ol/source/Vector.js";
import type { MapDescriptor, MapLayer } from "../../../../server/engine/view.ts";
import type { MapFeature } from "./layerFeatures.ts";
import type { LayerAccent } from "./palette.ts";
import { markerStyle, polygonStyle } from "./styles.ts";

/** The layer property naming which descriptor layer an OpenLayers layer draws. */
export const LAYER_ID = "vitalityLayerId";

const drawingOrder = (layer: MapLayer) => (layer.kind === "markers" ? 30 : layer.color ? 10 : 20);

export function dataLayers(
  descriptor: MapDescriptor,
  featuresByLayer: ReadonlyMap<string, MapFeature[]>,
  accents: ReadonlyMap<string, LayerAccent>,
): VectorLayer[] {
  return descriptor.layers.map((layer, index) => {
    const accent = accents.get(layer.id);
    return new VectorLayer({
      source: new VectorSource({ features: featuresByLayer.get(layer.id) ?? [] }),
      style: layer.kind === "markers" ? markerStyle(accent) : polygonStyle(layer, accent),
      zIndex: drawingOrder(layer) + index / 100,
      // Marker labels give way to each other instead of piling up.
      declutter: layer.kind === "markers",
      properties: { [LAYER_ID]: layer.id },
    });
  });
}
