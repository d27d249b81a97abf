import { Paper, Title } from "@mantine/core";
import { ResultTable } from "./ResultTable.tsx";
import type { TableDescriptor } from "./types.ts";

/** A titled card holding one result table. */
export function TablePanel({
  table,
  title,
  results,
}: {
  table: TableDescriptor;
  title: string;
  results: Record<string, unknown>;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      <ResultTable key={table.id} table={table} results={results} />
    </Paper>
  );
}
