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
  const sheetList = readSheetList(join(partsDir, "workbook.xml"), join(partsDir, "workbook.xml.rels"));

  test("names come from workbook.xml through its relationships, unescaped", () => {
    expect([...sheetList.names]).toEqual([
      ["1", "professional_fees"],
      ["2", "R&D <notes>"],
    ]);
    expect(sheetList.date1904).toBe(false);
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
});
