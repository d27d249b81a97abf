import type ExcelJS from "exceljs";
import type { Insight } from "../insights.ts";
import type { ValueFormat } from "../view.ts";
import { cellValue } from "./cellValue.ts";
import { FINDINGS_TITLE } from "./csv.ts";
import { escapeCell } from "./escapeCell.ts";
import type { ExportTable } from "./tableRows.ts";

/** Numbers stay numbers in the workbook, shown with the screen's formats. */
const numberFormats: Partial<Record<ValueFormat, string>> = {
  percent: '0.00"%"',
  currency: '"$"#,##0.00',
  integer: "#,##0",
  decimal: "#,##0.0",
  number: "#,##0.00",
};

/** Sheet names: at most 31 characters, none of : \ / ? * [ ], unique in the workbook. */
function sheetName(title: string, taken: Set<string>) {
  const base = title.replace(/[:\\/?*[\]]/g, " ").slice(0, 28) || "Table";
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base} ${n}`;
  taken.add(name);
  return name;
}

/**
 * The findings' sheet: each sentence in bold, then the figures it cites, one a row (the figure's
 * path in the answer, its raw value as a number), outlined under it so an auditor can check them.
 */
function addFindingsSheet(workbook: ExcelJS.Workbook, insights: readonly Insight[], taken: Set<string>) {
  const sheet = workbook.addWorksheet(sheetName(FINDINGS_TITLE, taken));
  sheet.addRow([FINDINGS_TITLE, "Figure", "Value"]).font = { bold: true };
  for (const insight of insights) {
    sheet.addRow([escapeCell(insight.text)]).font = { bold: true };
    for (const [path, value] of Object.entries(insight.figures)) {
      const added = sheet.addRow(["", path, value]);
      added.outlineLevel = 1;
    }
  }
  sheet.getColumn(1).width = 100;
  sheet.getColumn(2).width = 50;
  sheet.getColumn(3).width = 18;
}

/**
 * One sheet per table; group rows bold, sub-rows outlined under them. The analysis's findings in
 * words come first, on a sheet of their own, as they lead the screen (none without a finding).
 */
export async function tablesToXlsx(
  tables: ExportTable[],
  insights: readonly Insight[] = [],
): Promise<Buffer> {
  // Loaded by the first export, not at every process's start (0.4 s of it).
  const { default: excel } = await import("exceljs");
  const workbook = new excel.Workbook();
  workbook.creator = "Vitality";
  const taken = new Set<string>();
  if (insights.length > 0) addFindingsSheet(workbook, insights, taken);
  for (const table of tables) {
    const sheet = workbook.addWorksheet(sheetName(table.title, taken));
    sheet.addRow(table.columns.map((column) => escapeCell(column.label))).font = { bold: true };
    const hasGroups = table.rows.some((row) => row.level > 0);
    for (const row of table.rows) {
      // Numbers stay numbers (a missing value the column shows as 0 too), text is neutralised.
      const cells = row.values.map((value, index) => {
        const cell = cellValue(table.columns[index]!, value, "full");
        return typeof cell === "number" ? cell : escapeCell(cell);
      });
      const added = sheet.addRow(cells);
      table.columns.forEach((column, index) => {
        const format = numberFormats[column.format];
        if (format && typeof cells[index] === "number") added.getCell(index + 1).numFmt = format;
      });
      if (hasGroups && row.level === 0) added.font = { bold: true };
      if (row.level > 0) {
        added.outlineLevel = row.level;
        added.getCell(1).alignment = { indent: 2 };
      }
    }
    sheet.columns.forEach((column) => {
      column.width = 18;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
