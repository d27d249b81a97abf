import { cellValue } from "./cellValue.ts";
import { escapeCell } from "./escapeCell.ts";
import type { ExportTable } from "./tableRows.ts";

const quote = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** The heading of the findings' rows (and of the workbook's sheet): the screen's word for them. */
export const FINDINGS_TITLE = "Findings";

/**
 * One table as CSV: the screen's labels; numbers as plain numbers at the screen's precision
 * (1140960.26, 14.13 for 14.13%, -6.72), so a spreadsheet reads them as numbers; text cells as the
 * screen shows them, a formula neutralised (escapeCell), sub-rows indented by two spaces. The
 * analysis's findings in words lead, as on the screen: "Findings", one sentence a row, an empty
 * row, then the table (none of these rows when the answer has no finding).
 */
export function tableToCsv(table: ExportTable, findings: readonly string[] = []): string {
  const lines =
    findings.length > 0 ? [FINDINGS_TITLE, ...findings.map((text) => quote(escapeCell(text))), ""] : [];
  lines.push(table.columns.map((column) => quote(escapeCell(column.label))).join(","));
  for (const row of table.rows) {
    const cells = row.values.map((value, index) => {
      const cell = cellValue(table.columns[index]!, value, "screen");
      if (typeof cell === "number") return String(cell);
      const text = escapeCell(cell);
      return quote(index === 0 && row.level > 0 ? `  ${text}` : text);
    });
    lines.push(cells.join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}
