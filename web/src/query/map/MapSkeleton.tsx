import { Skeleton } from "@mantine/core";

/** Holds the map's place while its code (OpenLayers) loads, so the page does not jump. */
export function MapSkeleton({ height }: { height: number }) {
  return <Skeleton height={height} radius="md" aria-label="Loading map" />;
}
