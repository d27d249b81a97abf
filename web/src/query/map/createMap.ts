/**
 * An OpenLayers map on the offline base layers, with the zoom limits of its screen. Used by the
 * analysis maps and the advisory-board panel.
 */

import { defaults as defaultControls } from "ol/control/defaults.js";
import ScaleLine from "ol/control/ScaleLine.js";
import OlMap from "ol/Map.js";
import { fromLonLat } from "ol/proj.js";
import View from "ol/View.js";
import { type BaseMapOptions, baseLayers } from "./baseLayers.ts";
import { MAX_ZOOM } from "./viewRules.ts";

export interface CreateMapOptions extends BaseMapOptions {
  centerLonLat: readonly [number, number];
  zoom: number;
  minZoom?: number;
  maxZoom?: number;
}

export function createMap(target: HTMLElement, options: CreateMapOptions): OlMap {
  return new OlMap({
    target,
    layers: baseLayers(options),
    controls: defaultControls({ rotate: false }).extend([new ScaleLine({ units: "us" })]),
    view: new View({
      center: fromLonLat([...options.centerLonLat]),
      zoom: options.zoom,
      minZoom: options.minZoom,
      maxZoom: options.maxZoom ?? MAX_ZOOM,
    }),
  });
}
