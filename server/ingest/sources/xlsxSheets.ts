import { closeSync, createWriteStream, openSync, readFileSync, readSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { ContainerRefused } from "./zipEntries.ts";

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

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

const attribute = (element: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1];

export interface SheetList {
  /** Sheet names by the number of their part (xl/worksheets/sheet<n>.xml). */
  names: Map<string, string>;
  /** Whether the workbook counts dates from 1904. */
  date1904: boolean;
  /** How many strings xl/sharedStrings.xml holds (0 without that part). */
  sharedStrings: number;
  /** Whether the workbook has xl/styles.xml (the number formats that make a number a date). */
  styles?: boolean;
}

/** Counts the <si> items of xl/sharedStrings.xml in 1 MB chunks (the part can be large). */
function countSharedStrings(path: string): number {
  const item = /<(?:\w+:)?si[\s>]/g;
  const fd = openSync(path, "r");
  const buffer = Buffer.alloc(1 << 20);
  let count = 0;
  // The last few characters of a chunk are read again with the next, so no tag is cut in two.
  let carry = "";
  try {
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) {
      const text = carry + buffer.toString("latin1", 0, read);
      const complete = text.length - 8;
      for (const match of text.matchAll(item)) if (match.index < complete) count++;
      carry = text.slice(complete);
    }
    count += [...carry.matchAll(item)].length;
  } finally {
    closeSync(fd);
  }
  return count;
}

/**
 * The workbook's sheet list, read from xl/workbook.xml and its relationships (both small, kept by
 * the counting pass).
 */
export function readSheetList(workbookXml?: string, relsXml?: string, sharedStringsXml?: string): SheetList {
  const names = new Map<string, string>();
  const sharedStrings = sharedStringsXml ? countSharedStrings(sharedStringsXml) : 0;
  if (!workbookXml || !relsXml) return { names, date1904: false, sharedStrings };
  const workbook = readFileSync(workbookXml, "utf8");
  const settings = /<(?:\w+:)?workbookPr\b[^>]*>/.exec(workbook)?.[0] ?? "";
  const date1904 = ["1", "true"].includes(attribute(settings, "date1904") ?? "");
  const targets = new Map<string, string>();
  for (const [relationship] of readFileSync(relsXml, "utf8").matchAll(/<Relationship\b[^>]*>/g)) {
    const id = attribute(relationship, "Id");
    const number = /worksheets\/sheet(\d+)\.xml$/.exec(attribute(relationship, "Target") ?? "")?.[1];
    if (id && number) targets.set(id, number);
  }
  for (const [sheet] of workbook.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    const name = attribute(sheet, "name");
    const number = targets.get(attribute(sheet, "r:id") ?? "");
    if (name !== undefined && number) names.set(number, unescapeXml(name));
  }
  return { names, date1904, sharedStrings };
}

export interface Sheet {
  name: string;
  path: string;
}

/** Reads of a workbook before a missing sheet is an error. */
const READ_ATTEMPTS = 6;

/**
 * Streams each worksheet of a workbook into a CSV file (sheet-<n>.csv); the sheet name names the
 * table. Run only after the container passed the inflate caps (inflateZip without outDir).
 * exceljs's streaming pass (unzipper under Bun) sometimes loses part of an entry: a worksheet
 * (seen once in a CI run) or, on a loaded machine about one read in eight, the shared strings, which
 * turns every text cell into an empty one. A value must never go missing silently, so a read that
 * misses a sheet or a string is done again, and after READ_ATTEMPTS such reads the file is refused.
 */
export async function xlsxToCsv(
  xlsxPath: string,
  outDir: string,
  sheetList: SheetList = { names: new Map(), date1904: false, sharedStrings: 0 },
): Promise<Sheet[]> {
  for (let attempt = 1; ; attempt++) {
    const { sheets, sharedStrings, stylesFirst } = await readWorksheets(xlsxPath, outDir, sheetList);
    const stylesMissed = sheetList.styles === true && sheets.length > 0 && !stylesFirst;
    const complete =
      sheets.length >= sheetList.names.size && sharedStrings >= sheetList.sharedStrings && !stylesMissed;
    if (complete) return sheets;
    if (attempt >= READ_ATTEMPTS) {
      throw new ContainerRefused(
        sheets.length < sheetList.names.size
          ? `The workbook lists ${sheetList.names.size} sheets but only ${sheets.length} could be read; the file was not taken.`
          : stylesMissed
            ? "The workbook's cell formats (which make a number a date) could not be read before its sheets; the file was not taken. Please send it again, or as CSV."
            : "The workbook's text cells could not be read completely; the file was not taken. Please send it again, or as CSV.",
      );
    }
  }
}

async function readWorksheets(
  xlsxPath: string,
  outDir: string,
  sheetList: SheetList,
): Promise<{ sheets: Sheet[]; sharedStrings: number; stylesFirst: boolean }> {
  const sheets: Sheet[] = [];
  // Whether the cell formats were read before the first sheet's rows: without them a date cell
  // comes out as its serial number (seen in a loaded test run: "must be a date written
  // YYYY-MM-DD" on a workbook whose dates are Excel dates).
  let stylesRead = false;
  let stylesFirst = false;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(xlsxPath, {
    sharedStrings: "cache",
    styles: "cache",
    hyperlinks: "ignore",
    worksheets: "emit",
    entries: "emit",
  });
  // exceljs's streaming pass sometimes loses xl/workbook.xml when it is the archive's last entry
  // (exceljs issue 3064; its own writer puts it last) and then fails on `model.sheets`. An empty
  // model avoids the crash; sheet names and the date system then come from our own reading of
  // the sheet list.
  const internals = reader as unknown as {
    sharedStrings?: unknown[];
    model?: { sheets?: unknown[] };
    properties?: { model?: { date1904?: boolean } };
  };
  internals.model ??= { sheets: [] };
  internals.properties ??= { model: { date1904: sheetList.date1904 } };
  (reader as unknown as NodeJS.EventEmitter).on("entry", (entry: { type?: string }) => {
    if (entry.type === "styles") stylesRead = true;
  });
  for await (const worksheet of reader) {
    if (sheets.length === 0) stylesFirst = stylesRead;
    // With the model exceljs read, the reader carries the sheet's own name; with our empty one, its
    // id is the number of its part, which our sheet list names.
    const ownModel = (internals.model?.sheets?.length ?? 0) > 0;
    const part = String((worksheet as unknown as { id?: string | number }).id);
    const fromList = ownModel ? undefined : sheetList.names.get(part);
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
    const name = fromList ?? (worksheet as unknown as { name?: string }).name ?? `sheet${sheets.length + 1}`;
    sheets.push({ name, path });
  }
  return { sheets, sharedStrings: internals.sharedStrings?.length ?? 0, stylesFirst };
}
