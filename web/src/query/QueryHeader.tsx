import { Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The title and description of a query screen, with its buttons on the right. */
export function QueryHeader({
  title,
  description,
  summary,
  actions,
}: {
  title: string;
  description: string;
  summary?: string;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap" gap="md">
      <Stack gap={4} maw={760}>
        <Title order={2}>{title}</Title>
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
        {summary ? (
          <Text size="xs" c="dimmed" data-testid="filter-summary">
            {summary}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}
