import { Button, Menu } from "@mantine/core";
import {
  IconChevronDown,
  IconDownload,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconFileTypePdf,
} from "@tabler/icons-react";
import { useState } from "react";
import { type ExportRequest, exportQuery } from "../api/queries.ts";
import { openExport } from "./download.ts";
import type { FilterValues, TableDescriptor } from "./types.ts";

interface ExportMenuProps {
  name: string;
  filters: FilterValues;
  tables: { table: TableDescriptor; index: number; title: string }[];
  dummyOrgId?: string;
  /** Undefined when the screen draws no chart (the PDF item is then disabled). */
  onChartPdf?: () => Promise<void>;
  /** Nothing to export yet (the analyses are not open, or the result has not arrived). */
  disabled?: boolean;
}

/** Export: each table as CSV, all tables as one XLSX workbook, the charts as a PDF. */
export function ExportMenu({ name, filters, tables, dummyOrgId, onChartPdf, disabled }: ExportMenuProps) {
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      // customer-area.md section 8: an export failure is only logged.
      console.error("[export]", error);
    } finally {
      setBusy(false);
    }
  };
  const exportTable = (format: ExportRequest["format"], tableIndex?: number) =>
    run(async () => openExport(await exportQuery({ name, filters, format, tableIndex, dummyOrgId })));

  const single = tables.length === 1;
  return (
    <Menu position="bottom-end" shadow="md" width={300}>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={busy}
          disabled={disabled}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {tables.length > 0 ? <Menu.Label>Table</Menu.Label> : null}
        {tables.map(({ index, title }) => (
          <Menu.Item
            key={index}
            leftSection={<IconFileTypeCsv size={16} />}
            onClick={() => void exportTable("csv", index)}
          >
            {single ? "Table as CSV" : `${title} as CSV`}
          </Menu.Item>
        ))}
        {tables.length > 0 ? (
          <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void exportTable("xlsx")}>
            {single ? "Table as XLSX" : "All tables as XLSX"}
          </Menu.Item>
        ) : null}
        <Menu.Label>Chart</Menu.Label>
        <Menu.Item
          leftSection={<IconFileTypePdf size={16} />}
          disabled={!onChartPdf}
          onClick={() => onChartPdf && void run(onChartPdf)}
        >
          Chart as PDF
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
