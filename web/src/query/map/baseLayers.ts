/**
 * The base map: US state and county outlines (us-atlas, Census 1:10m), drawn as vector layers so
 * the maps work without any tile server. They come from the server cut to the states in view and
 * simplified for the zoom shown (outlineSource.ts): a layer per detail level, each loading only
 * while its zoom range is shown. Counties from zoom 7 on, where they become readable. An optional
 * online tile layer goes underneath.
 */
import type { FeatureLike } from "ol/Feature.js";
import type BaseLayer from "ol/layer/Base.js";
import TileLayer from "ol/layer/Tile.js";
import VectorLayer from "ol/layer/Vector.js";
import XYZ from "ol/source/XYZ.js";
import Fill from "ol/style/Fill.js";
import Stroke from "ol/style/Stroke.js";
import Style from "ol/style/Style.js";
import { isCounty, OUTLINE_LEVELS, outlineSource } from "./outlineSource.ts";

export interface BaseMapOptions {
  /** Grey land instead of the light warm tint (the outmigration map's "grayscale-tinted" base). */
  grayscale?: boolean;
  /** XYZ tile URL template of an online base layer; none keeps the map offline. */
  tileUrl?: string;
  /** The tile provider's attribution, shown in the map's corner. */
  tileAttribution?: string;
}

/**
 * States and counties share a layer: the z-indexes keep the land fill under the county lines and
 * the state borders above the county lines they coincide with (darker), whatever order the
 * features arrived in.
 */
function outlineStyle({ grayscale, tileUrl }: BaseMapOptions) {
  const border = new Style({
    stroke: new Stroke({ color: grayscale ? "#8c8c8c" : "#a39e93", width: 1.1 }),
    zIndex: 2,
  });
  const county = new Style({ stroke: new Stroke({ color: "#d0d0d0", width: 0.6 }), zIndex: 1 });
  // Land fill under everything; left out over tiles, which draw the land themselves.
  const state = tileUrl
    ? [border]
    : [new Style({ fill: new Fill({ color: grayscale ? "#f1f1f1" : "#f7f5ef" }), zIndex: 0 }), border];
  return (feature: FeatureLike) => (isCounty(feature) ? county : state);
}

export function baseLayers(options: BaseMapOptions): BaseLayer[] {
  const layers: BaseLayer[] = [];
  if (options.tileUrl) {
    layers.push(
      new TileLayer({
        source: new XYZ({
          url: options.tileUrl,
          attributions: options.tileAttribution,
          crossOrigin: "anonymous",
        }),
        // The CSS class lets a grayscale map grey the tiles out (QueryMap.module.css).
        className: options.grayscale ? "ol-layer vitality-grayscale-tiles" : "ol-layer",
      }),
    );
  }
  const style = outlineStyle(options);
  for (const level of OUTLINE_LEVELS) {
    layers.push(
      new VectorLayer({
        source: outlineSource(level),
        minZoom: level.minZoom,
        maxZoom: level.maxZoom,
        style,
      }),
    );
  }
  return layers;
}
