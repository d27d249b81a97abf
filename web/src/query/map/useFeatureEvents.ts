/**
 * Clicks and hovering on the descriptor's features. Where features overlap, a band-coloured one
 * (a zip) wins over the outlines drawn above it, since zips are what a click opens.
 */
import type OlMap from "ol/Map.js";
import type MapBrowserEvent from "ol/MapBrowserEvent.js";
import { useEffect, useRef } from "react";
import { LAYER_ID } from "./dataLayers.ts";
import { type FeatureInfo, featureInfo } from "./layerFeatures.ts";

export interface FeatureHit {
  layerId: string;
  info: FeatureInfo;
}

export function featureAt(map: OlMap, pixel: number[]): FeatureHit | null {
  const hits: FeatureHit[] = [];
  map.forEachFeatureAtPixel(
    pixel,
    (feature, layer) => {
      const info = featureInfo(feature);
      const layerId = layer?.get(LAYER_ID) as string | undefined;
      if (info && layerId) hits.push({ layerId, info });
    },
    { layerFilter: (layer) => layer.get(LAYER_ID) !== undefined, hitTolerance: 2 },
  );
  return hits.find((hit) => hit.info.fill !== undefined) ?? hits[0] ?? null;
}

export interface FeatureEventHandlers {
  onClick(hit: FeatureHit): void;
  /** The hovered feature and the pointer's pixel in the map, or null when leaving features. */
  onHover(hit: FeatureHit | null, pixel: number[]): void;
}

export function useFeatureEvents(map: OlMap | null, handlers: FeatureEventHandlers) {
  // The latest handlers without re-subscribing on every render.
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const element = map?.getTargetElement();
    if (!map || !element) return;
    const click = (event: MapBrowserEvent) => {
      const hit = featureAt(map, event.pixel);
      if (hit) latest.current.onClick(hit);
    };
    const move = (event: MapBrowserEvent) => {
      if (event.dragging) return;
      const hit = featureAt(map, event.pixel);
      element.style.cursor = hit ? "pointer" : "";
      latest.current.onHover(hit, event.pixel);
    };
    const leave = () => latest.current.onHover(null, [0, 0]);
    map.on("singleclick", click);
    map.on("pointermove", move);
    element.addEventListener("pointerleave", leave);
    return () => {
      map.un("singleclick", click);
      map.un("pointermove", move);
      element.removeEventListener("pointerleave", leave);
    };
  }, [map]);
}
