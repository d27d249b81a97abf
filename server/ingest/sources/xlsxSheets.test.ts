import { describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { unzipSync, zipSync } from "fflate";
import { tempDataDir } from "../testing/builders.ts";
import { readSheetList, xlsxToCsv } from "./xlsxSheets.ts";

describe("XLSX sheet list", async () => {
  const dir = tempDataDir();
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet("professional_fees").addRow(["claim_id", "line"]);
  workbook.addWorksheet("R&D <notes>").addRow(["a"]);
  const path = join(dir.dataDir, "inputs", "book.xlsx");
  await workbook.xlsx.writeFile(path);
  const parts = unzipSync(readFileSync(path));
  const partsDir = join(dir.dataDir, "parts");
  mkdirSync(partsDir);
  writeFileSync(join(partsDir, "workbook.xml"), parts["xl/workbook.xml"]!);
  writeFileSync(join(partsDir, "workbook.xml.rels"), parts["xl/_rels/workbook.xml.rels"]!);
  writeFileSync(join(partsDir, "sharedStrings.xml"), parts["xl/sharedStrings.xml"]!);
  const sheetList = readSheetList(
    join(partsDir, "workbook.xml"),
    join(partsDir, "workbook.xml.rels"),
    join(partsDir, "sharedStrings.xml"),
  );

  test("names come from workbook.xml through its relationships, unescaped", () => {
    expect([...sheetList.names]).toEqual([
      ["1", "professional_fees"],
      ["2", "R&D <notes>"],
    ]);
    expect(sheetList.date1904).toBe(false);
    // claim_id, line, a: the strings every text cell points into.
    expect(sheetList.sharedStrings).toBe(3);
  });

  test("a workbook whose workbook.xml exceljs does not see is still read, with the names of the list", async () => {
    // exceljs's streaming pass sometimes loses its last entry, xl/workbook.xml: the same as a
    // workbook where that part is under another name, which is what this one is.
    const { "xl/workbook.xml": lost, ...rest } = parts;
    const withoutWorkbook = join(dir.dataDir, "inputs", "lost.xlsx");
    writeFileSync(withoutWorkbook, zipSync({ ...rest, "xl/elsewhere.xml": lost! }));
    const out = join(dir.dataDir, "out");
    mkdirSync(out);
    const sheets = await xlsxToCsv(withoutWorkbook, out, sheetList);
    expect(sheets.map((sheet) => sheet.name)).toEqual(["professional_fees", "R&D <notes>"]);
    expect(readFileSync(sheets[0]!.path, "utf8")).toBe("claim_id,line\n");
  });

  test("a sheet the reader cannot find is never dropped silently: the file is refused", async () => {
    const listsThree = { ...sheetList, names: new Map([...sheetList.names, ["3", "referrals"]]) };
    const out = join(dir.dataDir, "out-three");
    mkdirSync(out);
    await expect(xlsxToCsv(path, out, listsThree)).rejects.toThrow(
      "The workbook lists 3 sheets but only 2 could be read; the file was not taken.",
    );
  });

  test("text cells the reader could not resolve are never emptied silently: the file is refused", async () => {
    // exceljs has lost the shared strings on a loaded machine, emptying every text cell: the same as
    // a workbook whose strings part is under another name, which is what this one is.
    const { "xl/sharedStrings.xml": strings, ...rest } = parts;
    const withoutStrings = join(dir.dataDir, "inputs", "no-strings.xlsx");
    writeFileSync(withoutStrings, zipSync({ ...rest, "xl/elsewhere.xml": strings! }));
    const out = join(dir.dataDir, "out-strings");
    mkdirSync(out);
    await expect(xlsxToCsv(withoutStrings, out, sheetList)).rejects.toThrow(
      "The workbook's text cells could not be read completely; the file was not taken.",
    );
  });

  test("dates whose cell formats the reader had not read are never turned into numbers: the file is refused", async () => {
    // A date cell read before xl/styles.xml comes out as its serial number (seen in a loaded run).
    // The same as a workbook whose styles part comes after its sheets, which is what this one is.
    const dated = new ExcelJS.Workbook();
    dated.addWorksheet("professional_fees").addRows([["service_date"], [new Date(Date.UTC(2024, 2, 1))]]);
    const datedPath = join(dir.dataDir, "inputs", "dated.xlsx");
    await dated.xlsx.writeFile(datedPath);
    const {
      "xl/styles.xml": styles,
      "xl/worksheets/sheet1.xml": sheetPart,
      ...others
    } = unzipSync(readFileSync(datedPath));
    // The strings and relationships first (exceljs then reads a sheet at once), the styles last.
    const stylesLast = join(dir.dataDir, "inputs", "styles-last.xlsx");
    writeFileSync(
      stylesLast,
      zipSync({ ...others, "xl/worksheets/sheet1.xml": sheetPart!, "xl/styles.xml": styles! }),
    );
    const datedList = { names: new Map([["1", "professional_fees"]]), date1904: false, sharedStrings: 1 };
    const out = join(dir.dataDir, "out-dated");
    mkdirSync(out);
    // As written, the date is a date; with the styles after the sheet it is refused, not a number.
    const [sheet] = await xlsxToCsv(datedPath, out, { ...datedList, styles: true });
    expect(readFileSync(sheet!.path, "utf8")).toBe("service_date\n2024-03-01\n");
    await expect(xlsxToCsv(stylesLast, out, { ...datedList, styles: true })).rejects.toThrow(
      "The workbook's cell formats (which make a number a date) could not be read before its sheets",
    );
  });
});
