import "ol/ol.css";
import { Box, LoadingOverlay } from "@mantine/core";
import type OlMap from "ol/Map.js";
import { useEffect, useMemo, useRef, useState } from "react";
import { useChartViews } from "../chartViews.ts";
import { createMap } from "./createMap.ts";
import { dataLayers } from "./dataLayers.ts";
import { hoverText } from "./hoverText.ts";
import { Legend } from "./Legend.tsx";
import { featureInfo, layerFeatures, type MapFeature } from "./layerFeatures.ts";
import { mapImageURL, mapKeyLines } from "./mapImage.ts";
import { layerAccents } from "./palette.ts";
import classes from "./QueryMap.module.css";
import { DEFAULT_MAP_HEIGHT, type QueryMapProps } from "./queryMapProps.ts";
import { useFeatureEvents } from "./useFeatureEvents.ts";
import { useMapReady } from "./useMapReady.ts";
import { applyViewTarget, US_CENTER_LON_LAT, viewTarget } from "./viewRules.ts";
import { ZipDetail } from "./ZipDetail.tsx";
import { type ZipDetailData, zipDetailOf } from "./zipDetail.ts";

/**
 * Any analysis map from its descriptor: the offline US base, the descriptor's polygons, outlines
 * and markers, a legend, a hover tip, and the zip panel a click on a zip opens (querie9).
 */
export function QueryMapView({
  descriptor,
  results,
  onFeatureClick,
  height = DEFAULT_MAP_HEIGHT,
  tileUrl,
  tileAttribution,
  title,
}: QueryMapProps) {
  const targetRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<OlMap | null>(null);
  const ready = useMapReady(map);
  const [selected, setSelected] = useState<ZipDetailData | null>(null);
  const [tip, setTip] = useState<{ text: string; x: number; y: number } | null>(null);

  const accents = useMemo(() => layerAccents(descriptor), [descriptor]);
  const featuresByLayer = useMemo(
    () =>
      new Map<string, MapFeature[]>(
        descriptor.layers.map((layer) => [layer.id, layerFeatures(layer, results)]),
      ),
    [descriptor, results],
  );
  const featureCount = [...featuresByLayer.values()].reduce((sum, features) => sum + features.length, 0);
  const approximate = [...featuresByLayer.values()].some((features) =>
    features.some((feature) => featureInfo(feature)?.approximate),
  );

  const placement = useMemo(() => viewTarget(descriptor, featuresByLayer), [descriptor, featuresByLayer]);
  // The new map opens where its data is, before its first frame: the outlines load for the view
  // drawn (outlineSource.ts), and the country's middle at zoom 9 would cost a request for nothing.
  const placementRef = useRef(placement);
  placementRef.current = placement;

  const { grayscale } = descriptor;
  const { initial, minimum } = descriptor.zoom;
  useEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    const created = createMap(target, {
      centerLonLat: US_CENTER_LON_LAT,
      zoom: initial,
      minZoom: minimum,
      grayscale,
      tileUrl,
      tileAttribution,
    });
    applyViewTarget(created, placementRef.current);
    setMap(created);
    return () => {
      created.setTarget(undefined);
      setMap(null);
    };
  }, [initial, minimum, grayscale, tileUrl, tileAttribution]);

  // New results (other filters): redraw the layers, re-apply the view rule, close the zip panel.
  useEffect(() => {
    if (!map) return;
    const layers = dataLayers(descriptor, featuresByLayer, accents);
    for (const layer of layers) map.addLayer(layer);
    applyViewTarget(map, placement);
    setSelected(null);
    return () => {
      for (const layer of layers) map.removeLayer(layer);
    };
  }, [map, descriptor, featuresByLayer, accents, placement]);

  // Once drawn, the map is one of the screen's pictures the "Chart as PDF" export prints: what it
  // draws now, with its key (the export menu is common to every analysis, maps included).
  const views = useChartViews();
  const keyLines = useMemo(() => mapKeyLines(descriptor, results, accents), [descriptor, results, accents]);
  useEffect(() => {
    if (!views || !map || !ready) return;
    const id = `map:${descriptor.id}`;
    views.set(id, { title: title ?? descriptor.title, toImageURL: () => mapImageURL(map, keyLines) });
    return () => views.set(id, undefined);
  }, [views, map, ready, descriptor, title, keyLines]);

  const layerById = useMemo(() => new Map(descriptor.layers.map((layer) => [layer.id, layer])), [descriptor]);
  useFeatureEvents(map, {
    onClick({ layerId, info }) {
      onFeatureClick?.(layerId, info.item);
      const detail = zipDetailOf(info.item);
      if (detail) setSelected(detail);
    },
    onHover(hit, [x = 0, y = 0]) {
      const layer = hit ? layerById.get(hit.layerId) : undefined;
      setTip(hit && layer ? { text: hoverText(layer, hit.info), x, y } : null);
    },
  });

  return (
    <Box>
      <Box
        className={`${classes.frame} ${grayscale ? classes.grayscale : ""}`}
        style={{ height }}
        data-map-id={descriptor.id}
        data-ready={ready ? "true" : "false"}
        data-features={featureCount}
        role="figure"
        aria-label={descriptor.title}
      >
        <div ref={targetRef} className={classes.target} />
        {tip ? (
          <div className={classes.tip} style={{ left: tip.x, top: tip.y }}>
            {tip.text}
          </div>
        ) : null}
        <LoadingOverlay visible={!ready} zIndex={5} overlayProps={{ blur: 1 }} />
      </Box>
      <Legend descriptor={descriptor} results={results} accents={accents} showApproximation={approximate} />
      {selected ? <ZipDetail detail={selected} onClose={() => setSelected(null)} /> : null}
    </Box>
  );
}
