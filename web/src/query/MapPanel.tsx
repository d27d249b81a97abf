import { Center, Paper, Text, Title } from "@mantine/core";
import type { MapDescriptor } from "./types.ts";

/** A titled card holding one map of the view descriptor. */
export function MapPanel({
  map,
  title,
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
      <Center h={420} bg="gray.1">
        <Text c="dimmed">Map</Text>
      </Center>
    </Paper>
  );
}
