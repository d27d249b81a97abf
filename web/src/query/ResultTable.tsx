import { ActionIcon, Group, ScrollArea, Table, UnstyledButton } from "@mantine/core";
import {
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconChevronDown,
  IconChevronRight,
} from "@tabler/icons-react";
import {
  type ColumnDef,
  type ExpandedState,
  flexRender,
  getCoreRowModel,
  getExpandedRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { columnValue } from "../../../server/engine/format.ts";
import { usePainted } from "../app/usePainted.ts";
import { EmptyState } from "./EmptyState.tsx";
import { rowsAt } from "./resultPath.ts";
import { cellText, compareValues, highlightOf } from "./tableModel.ts";
import type { TableDescriptor } from "./types.ts";

type Row = Record<string, unknown>;

/** Long tables scroll inside their card, under a header that stays visible. */
const MAX_HEIGHT = 520;
const INDENT_PX = 24;
/**
 * Narrowest a text or list column is drawn: on a phone the table then scrolls sideways inside its
 * card instead of squeezing a list of names into a column one word wide (rows hundreds of px tall).
 */
const MIN_TEXT_PX = 120;
const MIN_LIST_PX = 320;
/**
 * Rows drawn in a table's first frame; the rest follow once it is painted. The card shows at most 14
 * rows (MAX_HEIGHT), and each row of Mantine cells costs its render: querie1's 100 rows took a
 * 70-90 ms task before the first row showed. The table's `data-complete` says when every row is
 * drawn.
 */
const FIRST_FRAME_ROWS = 15;

/**
 * A result table from its descriptor: formatted cells, sortable headers, group rows whose
 * sub-rows (childrenKey) are indented and can be folded, and highlight colours.
 */
export function ResultTable({
  table,
  results,
}: {
  table: TableDescriptor;
  results: Record<string, unknown>;
}) {
  const data = useMemo(() => rowsAt(results, table.rowsKey), [results, table.rowsKey]);
  const columns = useMemo<ColumnDef<Row>[]>(
    () =>
      table.columns.map((column) => ({
        id: column.key,
        accessorFn: (row) => columnValue(column, row),
        header: column.label,
        sortingFn: (a, b, id) => compareValues(a.getValue(id), b.getValue(id)),
        sortUndefined: false,
        enableSorting: table.sortable ?? false,
      })),
    [table],
  );
  const [sorting, setSorting] = useState<SortingState>(
    table.sort ? [{ id: table.sort.key, desc: table.sort.direction === "desc" }] : [],
  );
  const [expanded, setExpanded] = useState<ExpandedState>(true);
  const painted = usePainted();
  const childrenKey = table.childrenKey;
  const model = useReactTable({
    data,
    columns,
    state: { sorting, expanded },
    onSortingChange: setSorting,
    onExpandedChange: setExpanded,
    getSubRows: childrenKey
      ? (row) => (Array.isArray(row[childrenKey]) ? (row[childrenKey] as Row[]) : undefined)
      : undefined,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
  });

  const rows = model.getRowModel().rows;
  const shown = painted ? rows : rows.slice(0, FIRST_FRAME_ROWS);

  if (data.length === 0) {
    return <EmptyState kind="no-data" />;
  }

  return (
    <ScrollArea.Autosize mah={MAX_HEIGHT} type="auto">
      <Table
        striped
        highlightOnHover
        stickyHeader
        withTableBorder
        fz="sm"
        data-table={table.id}
        data-complete={shown.length === rows.length}
      >
        <Table.Thead>
          {model.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header, index) => {
                const column = table.columns[index];
                const numeric = column && column.format !== "text" && column.format !== "list";
                const sorted = header.column.getIsSorted();
                return (
                  <Table.Th
                    key={header.id}
                    ta={numeric ? "right" : "left"}
                    miw={column?.format === "list" ? MIN_LIST_PX : numeric ? undefined : MIN_TEXT_PX}
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <UnstyledButton onClick={header.column.getToggleSortingHandler()} fz="sm" fw={700}>
                        <Group gap={4} wrap="nowrap" justify={numeric ? "flex-end" : "flex-start"}>
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          {sorted === "asc" ? (
                            <IconArrowUp size={14} />
                          ) : sorted === "desc" ? (
                            <IconArrowDown size={14} />
                          ) : (
                            <IconArrowsSort size={14} opacity={0.4} />
                          )}
                        </Group>
                      </UnstyledButton>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {shown.map((row) => (
            <Table.Tr key={row.id} data-depth={row.depth} fw={row.getCanExpand() ? 600 : undefined}>
              {row.getVisibleCells().map((cell, index) => {
                const column = table.columns[index];
                if (!column) return null;
                const value = cell.getValue();
                const numeric = column.format !== "text" && column.format !== "list";
                return (
                  <Table.Td
                    key={cell.id}
                    ta={numeric ? "right" : "left"}
                    bg={highlightOf(table, column.key, value)}
                    style={{ whiteSpace: numeric ? "nowrap" : undefined }}
                  >
                    {index === 0 && childrenKey ? (
                      <Group gap={4} wrap="nowrap" pl={row.depth * INDENT_PX}>
                        {row.getCanExpand() ? (
                          <ActionIcon
                            size="sm"
                            variant="subtle"
                            color="gray"
                            onClick={row.getToggleExpandedHandler()}
                            aria-label={row.getIsExpanded() ? "Fold" : "Unfold"}
                          >
                            {row.getIsExpanded() ? (
                              <IconChevronDown size={14} />
                            ) : (
                              <IconChevronRight size={14} />
                            )}
                          </ActionIcon>
                        ) : (
                          <span style={{ width: 22, flex: "none" }} />
                        )}
                        <span>{cellText(column, value)}</span>
                      </Group>
                    ) : (
                      cellText(column, value)
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
