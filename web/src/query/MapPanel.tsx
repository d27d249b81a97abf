import { Paper, Title } from "@mantine/core";
import { QueryMap } from "./map/QueryMap.tsx";
import type { MapDescriptor } from "./types.ts";

/**
 * A titled card holding one map of the view descriptor. The map draws its own legend and, for
 * querie9, the panel of a clicked zip code (services with cases, and providers).
 */
export function MapPanel({
  map,
  title,
  results,
}: {
  map: MapDescriptor;
  title: string;
  results: Record<string, unknown>;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} data-map={map.id}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      <QueryMap descriptor={map} results={results} title={title} />
    </Paper>
  );
}
