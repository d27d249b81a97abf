import { List, Paper, Title } from "@mantine/core";
import { IconBulb } from "@tabler/icons-react";
import { FINDINGS_TITLE } from "./reportLayout.ts";

/**
 * The analysis's finding in words (its answer's insights), above the charts: a few sentences with
 * the figures that matter. Nothing is drawn when the answer has none (no data, nothing to say).
 */
export function FindingsPanel({ sentences }: { sentences: readonly string[] }) {
  if (sentences.length === 0) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      mb="lg"
      component="section"
      aria-labelledby="findings-title"
      data-findings
    >
      <Title order={3} size="h5" mb="xs" id="findings-title">
        {FINDINGS_TITLE}
      </Title>
      <List spacing={6} size="sm" icon={<IconBulb size={16} aria-hidden="true" />} center>
        {sentences.map((sentence) => (
          <List.Item key={sentence}>{sentence}</List.Item>
        ))}
      </List>
    </Paper>
  );
}
