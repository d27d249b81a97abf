/**
 * The base map: US state and county outlines from us-atlas (TopoJSON, longitude/latitude), drawn
 * as vector layers so the maps work without any tile server. The files are emitted as static
 * assets and fetched only when a map shows them: counties (840 kB) only from zoom 6 on, where
 * they become readable. An optional online tile layer goes underneath.
 */
import TopoJSON from "ol/format/TopoJSON.js";
import type BaseLayer from "ol/layer/Base.js";
import TileLayer from "ol/layer/Tile.js";
import VectorLayer from "ol/layer/Vector.js";
import VectorSource from "ol/source/Vector.js";
import XYZ from "ol/source/XYZ.js";
import Fill from "ol/style/Fill.js";
import Stroke from "ol/style/Stroke.js";
import Style from "ol/style/Style.js";
import countiesUrl from "us-atlas/counties-10m.json?url";
import statesUrl from "us-atlas/states-10m.json?url";
import { MAP_TILE_ATTRIBUTION } from "./mapConfig.ts";

/** Counties are drawn from this zoom on (at the country view they are a grey smear). */
export const COUNTY_MIN_ZOOM = 6;

export interface BaseMapOptions {
  /** Grey land instead of the light warm tint (the outmigration map's "grayscale-tinted" base). */
  grayscale?: boolean;
  /** XYZ tile URL template of an online base layer; none keeps the map offline. */
  tileUrl?: string;
}

const topoSource = (url: string, object: string) =>
  new VectorSource({ url, format: new TopoJSON({ layers: [object], dataProjection: "EPSG:4326" }) });

export function baseLayers({ grayscale = false, tileUrl }: BaseMapOptions): BaseLayer[] {
  const states = topoSource(statesUrl, "states");
  const land = grayscale ? "#f1f1f1" : "#f7f5ef";
  const layers: BaseLayer[] = [];
  if (tileUrl) {
    layers.push(
      new TileLayer({
        source: new XYZ({ url: tileUrl, attributions: MAP_TILE_ATTRIBUTION, crossOrigin: "anonymous" }),
        // The CSS class lets a grayscale map grey the tiles out (QueryMap.module.css).
        className: grayscale ? "ol-layer vitality-grayscale-tiles" : "ol-layer",
      }),
    );
  }
  // Land fill under everything; left out over tiles, which draw the land themselves.
  if (!tileUrl)
    layers.push(new VectorLayer({ source: states, style: new Style({ fill: new Fill({ color: land }) }) }));
  layers.push(
    new VectorLayer({
      source: topoSource(countiesUrl, "counties"),
      minZoom: COUNTY_MIN_ZOOM,
      style: new Style({ stroke: new Stroke({ color: "#d0d0d0", width: 0.6 }) }),
    }),
    // State borders above the county lines they coincide with, so they stay darker.
    new VectorLayer({
      source: states,
      style: new Style({ stroke: new Stroke({ color: grayscale ? "#8c8c8c" : "#a39e93", width: 1.1 }) }),
    }),
  );
  return layers;
}
