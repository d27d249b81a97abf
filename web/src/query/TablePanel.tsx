import { Paper, Title } from "@mantine/core";
import { EmptyState } from "./EmptyState.tsx";
import { PriceBasisLine } from "./PriceBasisLine.tsx";
import { ResultTable } from "./ResultTable.tsx";
import type { TableDescriptor } from "./types.ts";
import { viewNote } from "./viewNote.ts";

/** A titled card holding one result table, or the note the result gives in its place. */
export function TablePanel({
  table,
  title,
  results,
}: {
  table: TableDescriptor;
  title: string;
  results: Record<string, unknown>;
}) {
  const note = viewNote(table, results);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {note === undefined ? <PriceBasisLine basis={table.basis} /> : null}
      {note === undefined ? (
        <ResultTable key={table.id} table={table} results={results} />
      ) : (
        <EmptyState kind={table.noteKind ?? "one-year"} text={note} id={table.id} />
      )}
    </Paper>
  );
}
