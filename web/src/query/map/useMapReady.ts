/**
 * Whether the map has drawn its first complete frame; the loader hides 500 ms after that
 * (customer-area.md section 9: "500 ms for hiding the map loader").
 */
import type OlMap from "ol/Map.js";
import { useEffect, useState } from "react";

export const LOADER_HIDE_DELAY_MS = 500;

export function useMapReady(map: OlMap | null): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(false);
    if (!map) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      timer = setTimeout(() => setReady(true), LOADER_HIDE_DELAY_MS);
    };
    map.once("rendercomplete", done);
    return () => {
      map.un("rendercomplete", done);
      clearTimeout(timer);
    };
  }, [map]);
  return ready;
}
