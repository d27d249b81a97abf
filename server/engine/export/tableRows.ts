import { columnValue } from "../format.ts";
import type { PluginResult } from "../plugin.ts";
import type { TableColumn, TableDescriptor } from "../view.ts";

/** A value at a dotted path of a result ("outmigration_filtred.1"). */
export function valueAt(result: PluginResult, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], result);
}

export interface ExportRow {
  /** 0 for a row, 1 for a sub-row of a group row. */
  level: number;
  values: unknown[];
}

export interface ExportTable {
  title: string;
  columns: TableColumn[];
  rows: ExportRow[];
}

/** A table of a result as the screen lists it: group rows followed by their sub-rows. */
export function exportTable(result: PluginResult, table: TableDescriptor): ExportTable {
  const source = valueAt(result, table.rowsKey);
  const rows: ExportRow[] = [];
  const cells = (row: Record<string, unknown>) => table.columns.map((column) => columnValue(column, row));
  for (const row of Array.isArray(source) ? (source as Record<string, unknown>[]) : []) {
    rows.push({ level: 0, values: cells(row) });
    const children = table.childrenKey ? row[table.childrenKey] : undefined;
    for (const child of Array.isArray(children) ? (children as Record<string, unknown>[]) : []) {
      rows.push({ level: 1, values: cells(child) });
    }
  }
  return { title: table.title, columns: table.columns, rows };
}
