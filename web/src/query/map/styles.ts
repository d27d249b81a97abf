/**
 * OpenLayers styles of the descriptor layers: band-coloured polygons, outlined areas with their
 * label, markers. A shape marked as an approximation (drive circles, fallback zip circles) is drawn
 * with a dashed outline.
 */
import type { FeatureLike } from "ol/Feature.js";
import MultiPolygon from "ol/geom/MultiPolygon.js";
import Polygon from "ol/geom/Polygon.js";
import CircleStyle from "ol/style/Circle.js";
import Fill from "ol/style/Fill.js";
import RegularShape from "ol/style/RegularShape.js";
import Stroke from "ol/style/Stroke.js";
import Style from "ol/style/Style.js";
import Text from "ol/style/Text.js";
import type { MapLayer } from "../../../../server/engine/view.ts";
import { labelPoint } from "./geometry.ts";
import { featureInfo } from "./layerFeatures.ts";
import { type LayerAccent, type MarkerShape, withAlpha } from "./palette.ts";

const DASH = [8, 6];
const HALO = new Stroke({ color: "rgba(255, 255, 255, 0.95)", width: 3 });

function labelStyle(text: string, color: string, font: string, offsetY = 0) {
  return new Text({ text, font, offsetY, fill: new Fill({ color }), stroke: HALO, overflow: true });
}

/** The label of an area, drawn once at the inside of its largest part. */
function areaLabel(feature: FeatureLike, text: string, color: string) {
  return new Style({
    geometry: () => {
      const geometry = feature.getGeometry();
      return geometry instanceof Polygon || geometry instanceof MultiPolygon
        ? labelPoint(geometry)
        : undefined;
    },
    text: labelStyle(text, color, "700 14px system-ui, sans-serif"),
  });
}

export function polygonStyle(layer: MapLayer, accent: LayerAccent | undefined) {
  return (feature: FeatureLike): Style[] => {
    const info = featureInfo(feature);
    if (!info) return [];
    if (layer.color) {
      return [
        new Style({
          fill: new Fill({ color: withAlpha(info.fill ?? "#bdbdbd", 0.78) }),
          stroke: new Stroke({
            color: info.approximate ? "#495057" : "rgba(255, 255, 255, 0.9)",
            width: info.approximate ? 1 : 0.8,
            lineDash: info.approximate ? DASH : undefined,
          }),
        }),
      ];
    }
    const color = accent?.color ?? "#1c3f94";
    // Outlined areas only get a faint fill, so the coloured zips under them stay readable; areas
    // with a label (service areas) get none, so a click inside them reaches the zip underneath.
    const styles = [
      new Style({
        fill: layer.shape === "single" ? undefined : new Fill({ color: withAlpha(color, 0.08) }),
        stroke: new Stroke({ color, width: 2.5, lineDash: info.approximate ? DASH : undefined }),
      }),
    ];
    if (info.label && layer.shape === "single") styles.push(areaLabel(feature, info.label, color));
    return styles;
  };
}

/** Markers are never hidden by decluttering; only their labels give way to each other. */
function markerImage(shape: MarkerShape, color: string) {
  const fill = new Fill({ color });
  const stroke = new Stroke({ color: "#ffffff", width: 2 });
  if (shape === "circle") return new CircleStyle({ radius: 6.5, fill, stroke, declutterMode: "none" });
  return shape === "square"
    ? new RegularShape({ points: 4, radius: 14, angle: Math.PI / 4, fill, stroke, declutterMode: "none" })
    : new RegularShape({ points: 3, radius: 9, fill, stroke, declutterMode: "none" });
}

export function markerStyle(accent: LayerAccent | undefined) {
  const image = markerImage(accent?.marker ?? "circle", accent?.color ?? "#c92a2a");
  return (feature: FeatureLike): Style[] => {
    const info = featureInfo(feature);
    if (!info) return [];
    return [
      new Style({
        image,
        text: info.label
          ? labelStyle(info.label, "#212529", "600 12px system-ui, sans-serif", -18)
          : undefined,
      }),
    ];
  };
}
