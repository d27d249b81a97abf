import { Group, Progress, Text } from "@mantine/core";

/** One year's progress bar (8 units, admin-area.md section 4), green once complete. */
export function YearProgressBar({
  year,
  percent,
  width = 140,
}: {
  year: number;
  percent: number;
  width?: number;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="xs" fw={600} w={34}>
        {year}
      </Text>
      <Progress
        value={percent}
        w={width}
        color={percent >= 100 ? "green" : "vitality"}
        aria-label={`${year} progress ${Math.round(percent)}%`}
      />
      <Text size="xs" c="dimmed" w={36}>
        {Math.round(percent)}%
      </Text>
    </Group>
  );
}
