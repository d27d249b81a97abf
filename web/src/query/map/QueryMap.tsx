import { lazy, Suspense } from "react";
import { usePainted } from "../../app/usePainted.ts";
import { MapSkeleton } from "./MapSkeleton.tsx";
import { useBaseMapTiles } from "./mapConfig.ts";
import { DEFAULT_MAP_HEIGHT, type QueryMapProps } from "./queryMapProps.ts";

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
