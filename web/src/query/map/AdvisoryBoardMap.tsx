import { lazy, Suspense } from "react";
import type { AdvisoryBoardMapProps } from "./advisoryBoardMapProps.ts";
import { MapSkeleton } from "./MapSkeleton.tsx";
import { useBaseMapTiles } from "./mapConfig.ts";

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
