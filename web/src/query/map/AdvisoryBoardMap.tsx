import { lazy, Suspense } from "react";
import { MapSkeleton } from "./MapSkeleton.tsx";
import { useBaseMapTiles } from "./mapConfig.ts";

/** admin-area.md "Advisory board page": centred near latitude 40, longitude -86, zoom 7, max 18. */
export const ADVISORY_BOARD_VIEW = { centerLonLat: [-86, 40] as const, zoom: 7, maxZoom: 18 };

export interface AdvisoryBoardMapProps {
  height?: number;
  /** XYZ tile URL of the street-map layer; defaults to the server's MAP_TILE_URL (none). */
  tileUrl?: string;
  tileAttribution?: string;
}

const AdvisoryBoardMapView = lazy(() =>
  import("./AdvisoryBoardMapView.tsx").then((module) => ({ default: module.AdvisoryBoardMapView })),
);

/** The advisory-board page's map panel (see AdvisoryBoardMapView). */
export function AdvisoryBoardMap(props: AdvisoryBoardMapProps) {
  const base = useBaseMapTiles();
  const skeleton = <MapSkeleton height={props.height ?? 420} />;
  if (base.pending) return skeleton;
  return (
    <Suspense fallback={skeleton}>
      <AdvisoryBoardMapView tileUrl={base.tiles?.url} tileAttribution={base.tiles?.attribution} {...props} />
    </Suspense>
  );
}
