import { createWriteStream } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";

/** A cell as CSV text: dates as YYYY-MM-DD, formulas by their result, rich text flattened. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
    if ("richText" in value) return value.richText.map((part) => part.text).join("");
    if ("text" in value) return String(value.text);
    if ("error" in value) return "";
    return "";
  }
  return String(value);
}

const csvField = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

export interface Sheet {
  name: string;
  path: string;
}

/**
 * Streams each worksheet of a workbook into a CSV file (sheet-<n>.csv); the sheet name names the
 * table. Run only after the container passed the inflate caps (inflateZip without outDir).
 */
export async function xlsxToCsv(xlsxPath: string, outDir: string): Promise<Sheet[]> {
  const sheets: Sheet[] = [];
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(xlsxPath, {
    sharedStrings: "cache",
    styles: "cache",
    hyperlinks: "ignore",
    worksheets: "emit",
    entries: "emit",
  });
  for await (const worksheet of reader) {
    const path = join(outDir, `sheet-${sheets.length + 1}.csv`);
    const out = createWriteStream(path);
    let width = 0;
    for await (const row of worksheet) {
      // row.values is 1-based (index 0 empty); the header row fixes the width of every line.
      const values = (row.values as ExcelJS.CellValue[]).slice(1);
      if (width === 0) width = values.length;
      const fields = Array.from({ length: width }, (_, index) => csvField(cellText(values[index] ?? null)));
      if (!out.write(`${fields.join(",")}\n`)) await new Promise((resolve) => out.once("drain", resolve));
    }
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    const name = (worksheet as unknown as { name?: string }).name ?? `sheet${sheets.length + 1}`;
    sheets.push({ name, path });
  }
  return sheets;
}
