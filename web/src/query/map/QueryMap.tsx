import { lazy, Suspense } from "react";
import type { MapDescriptor } from "../../../../server/engine/view.ts";
import { usePainted } from "../../app/usePainted.ts";
import { MapSkeleton } from "./MapSkeleton.tsx";
import { useBaseMapTiles } from "./mapConfig.ts";

export const DEFAULT_MAP_HEIGHT = 480;

export interface QueryMapProps {
  /** The map of an analysis' view descriptor (manifest.queries[i].view.maps[j]). */
  descriptor: MapDescriptor;
  /** The analysis' `results` object the layers read their features from. */
  results: Record<string, unknown>;
  /** Called with the descriptor layer id and the clicked feature's result object. */
  onFeatureClick?: (layerId: string, properties: Record<string, unknown>) => void;
  /** Height of the map in pixels. */
  height?: number;
  /** XYZ tile URL of an online base layer; defaults to the server's MAP_TILE_URL (none). */
  tileUrl?: string;
  tileAttribution?: string;
  /** The title the screen shows above the map (the PDF export's title of the map page). */
  title?: string;
}

// OpenLayers is loaded with the first map shown, not with the app.
const QueryMapView = lazy(() =>
  import("./QueryMapView.tsx").then((module) => ({ default: module.QueryMapView })),
);

/** An analysis map from its descriptor (see QueryMapView). */
export function QueryMap(props: QueryMapProps) {
  // OpenLayers' code is fetched and run once the screen around the map is painted.
  const painted = usePainted();
  const base = useBaseMapTiles();
  const skeleton = <MapSkeleton height={props.height ?? DEFAULT_MAP_HEIGHT} />;
  if (!painted || base.pending) return skeleton;
  return (
    <Suspense fallback={skeleton}>
      <QueryMapView tileUrl={base.tiles?.url} tileAttribution={base.tiles?.attribution} {...props} />
    </Suspense>
  );
}
