import "ol/ol.css";
import { Box, LoadingOverlay } from "@mantine/core";
import type OlMap from "ol/Map.js";
import { useEffect, useRef, useState } from "react";
import { ADVISORY_BOARD_VIEW, type AdvisoryBoardMapProps } from "./advisoryBoardMapProps.ts";
import { createMap } from "./createMap.ts";
import classes from "./QueryMap.module.css";
import { useMapReady } from "./useMapReady.ts";

/**
 * The advisory-board page's map panel: the market region on the base map (state and county
 * outlines offline; the configured street-map tiles under them when the server sets MAP_TILE_URL).
 */
export function AdvisoryBoardMapView({ height = 420, tileUrl, tileAttribution }: AdvisoryBoardMapProps) {
  const targetRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<OlMap | null>(null);
  const ready = useMapReady(map);

  useEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    const created = createMap(target, { ...ADVISORY_BOARD_VIEW, tileUrl, tileAttribution });
    setMap(created);
    return () => {
      created.setTarget(undefined);
      setMap(null);
    };
  }, [tileUrl, tileAttribution]);

  return (
    <Box
      className={classes.frame}
      style={{ height }}
      data-map-id="advisory-board"
      data-ready={ready ? "true" : "false"}
      role="figure"
      aria-label="Market map"
    >
      <div ref={targetRef} className={classes.target} />
      <LoadingOverlay visible={!ready} zIndex={5} overlayProps={{ blur: 1 }} />
    </Box>
  );
}
