import { Skeleton } from "@mantine/core";

/** Holds the map's place while its code (OpenLayers) loads, so the page does not jump. */
export function MapSkeleton({ height }: { height: number }) {
  // A status may carry a name; a plain div may not (axe: aria-prohibited-attr).
  return <Skeleton height={height} radius="md" role="status" aria-label="Loading map" />;
}
