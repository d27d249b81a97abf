import { Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * The page heading every screen starts with. Screens whose content belongs to later work show only
 * this: no invented numbers or sample text.
 */
export function ScreenTitle({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={2}>{title}</Title>
      {subtitle ? (
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      ) : null}
    </Stack>
  );
}
