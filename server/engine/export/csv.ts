import { formatValue } from "../format.ts";
import { escapeCell } from "./escapeCell.ts";
import type { ExportTable } from "./tableRows.ts";

const quote = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** One table as CSV: the screen's labels and formatted cells (sub-rows indented by two spaces). */
export function tableToCsv(table: ExportTable): string {
  const lines = [table.columns.map((column) => quote(escapeCell(column.label))).join(",")];
  for (const row of table.rows) {
    const cells = row.values.map((value, index) => {
      const column = table.columns[index]!;
      const text = formatValue(column.format, value, column.missing);
      const indented = index === 0 && row.level > 0 ? `  ${text}` : text;
      return quote(escapeCell(indented));
    });
    lines.push(cells.join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}
