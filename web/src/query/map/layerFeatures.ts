/**
 * One descriptor layer as OpenLayers features: each carries the result object it came from (for
 * clicks and the zip panel) and what its style needs - fill colour from the bands, label text,
 * whether the shape is an approximation.
 */
import Feature from "ol/Feature.js";
import type MultiPolygon from "ol/geom/MultiPolygon.js";
import type Point from "ol/geom/Point.js";
import type Polygon from "ol/geom/Polygon.js";
import type { MapLayer } from "../../../../server/engine/view.ts";
import { bandColor } from "./bands.ts";
import { markerGeometry, polygonGeometry } from "./geometry.ts";
import { type Item, layerItems, valueAt } from "./resultPath.ts";

export interface FeatureInfo {
  layerId: string;
  item: Item;
  /** Band colour of a coloured polygon layer. */
  fill?: string;
  label?: string;
  approximate: boolean;
}

export type MapFeature = Feature<Polygon | MultiPolygon | Point>;

/** The property of an OpenLayers feature holding its FeatureInfo. */
export const INFO = "vitality";

export const featureInfo = (feature: { get(key: string): unknown }) =>
  feature.get(INFO) as FeatureInfo | undefined;

/**
 * The label of a feature: the named field's value; a one-shape layer whose label is not a field
 * (the PSA layer's "PSA") is labelled with that text itself.
 */
function labelOf(layer: MapLayer, item: Item): string | undefined {
  if (!layer.label) return undefined;
  const value = valueAt(item, layer.label);
  if (typeof value === "string" || typeof value === "number") return String(value);
  return layer.shape === "single" ? layer.label : undefined;
}

export function layerFeatures(layer: MapLayer, results: Record<string, unknown>): MapFeature[] {
  return layerItems(results, layer).flatMap((item) => {
    const geometry =
      layer.kind === "markers"
        ? markerGeometry(item)
        : polygonGeometry(layer.polygonField ? valueAt(item, layer.polygonField) : item);
    if (!geometry) return [];
    const info: FeatureInfo = {
      layerId: layer.id,
      item,
      fill: layer.color
        ? bandColor(valueAt(item, layer.color.field), layer.color.thresholds, layer.color.colors)
        : undefined,
      label: labelOf(layer, item),
      approximate: layer.approximationField ? valueAt(item, layer.approximationField) === true : false,
    };
    const feature: MapFeature = new Feature({ geometry });
    feature.set(INFO, info);
    return [feature];
  });
}
