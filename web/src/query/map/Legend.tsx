import { Box, Group, Stack, Text } from "@mantine/core";
import type { MapDescriptor } from "../../../../server/engine/view.ts";
import { legendRows, publishedCaseBounds, rangeLabel } from "./legendBounds.ts";
import type { LayerAccent } from "./palette.ts";
import classes from "./QueryMap.module.css";

/**
 * The key under a map: the colour bands of each band-coloured layer (with case-count ranges when
 * the analysis publishes them, as querie9 does), then a swatch per outlined area and marker layer.
 * The coloured fields of the current analyses are percentages, hence the "%" unit.
 */
export function Legend({
  descriptor,
  results,
  accents,
  showApproximation,
}: {
  descriptor: MapDescriptor;
  results: Record<string, unknown>;
  accents: ReadonlyMap<string, LayerAccent>;
  /** Explain the dashed outlines when some drawn shape is an approximation. */
  showApproximation: boolean;
}) {
  const banded = descriptor.layers.filter((layer) => layer.color);
  const accented = descriptor.layers.flatMap((layer) => {
    const accent = accents.get(layer.id);
    return accent ? [{ layer, accent }] : [];
  });
  return (
    <Group
      className={classes.legend}
      align="flex-start"
      gap="xl"
      role="group"
      aria-label={`${descriptor.title} legend`}
    >
      {banded.map((layer) => {
        const color = layer.color!;
        const caseBounds = publishedCaseBounds(results, descriptor.id, color.thresholds);
        return (
          <Stack key={layer.id} gap={3}>
            <Text size="xs" fw={600}>
              {layer.title}
            </Text>
            {legendRows(color.thresholds, color.colors, caseBounds).map((row) => (
              <Group key={row.color} gap={6} wrap="nowrap">
                <Box className={classes.swatch} style={{ background: row.color }} />
                <Text size="xs">
                  {rangeLabel(row.from, row.to, "%")}
                  {row.cases ? (
                    <Text span size="xs" c="dimmed">
                      {` (${rangeLabel(row.cases.from, row.cases.to, " cases")})`}
                    </Text>
                  ) : null}
                </Text>
              </Group>
            ))}
          </Stack>
        );
      })}
      <Stack gap={3}>
        {accented.map(({ layer, accent }) => (
          <Group key={layer.id} gap={6} wrap="nowrap">
            <Box
              className={accent.marker ? classes[`marker-${accent.marker}`] : classes.outlineSwatch}
              style={accent.marker ? { background: accent.color } : { borderColor: accent.color }}
            />
            <Text size="xs">{layer.title}</Text>
          </Group>
        ))}
        {showApproximation ? (
          <Group gap={6} wrap="nowrap">
            <Box className={classes.dashedSwatch} />
            <Text size="xs">Dashed outline: approximate shape</Text>
          </Group>
        ) : null}
      </Stack>
    </Group>
  );
}
