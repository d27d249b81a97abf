import { describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { formatValue } from "../format.ts";
import type { Insight } from "../insights.ts";
import type { TableDescriptor } from "../view.ts";
import { tableToCsv } from "./csv.ts";
import { escapeCell } from "./escapeCell.ts";
import { exportTable } from "./tableRows.ts";
import { tablesToXlsx } from "./xlsx.ts";

describe("cell formats", () => {
  test.each([
    ["percent", 12.345, "12.35%"],
    ["percent", 0, "0.00%"],
    ["currency", 1234567.891, "$1,234,567.89"],
    ["currency", -5, "-$5.00"],
    ["integer", 12345, "12,345"],
    ["number", -10.5, "-10.50"],
    ["decimal", 17.25, "17.3"],
    ["decimal", 0.5, "0.5"],
    ["decimal", 1234, "1,234.0"],
    ["list", ["a", "b"], "a, b"],
    ["text", "x", "x"],
  ] as const)("%s %j -> %s", (format, value, text) => {
    expect(formatValue(format, value)).toBe(text);
  });

  test("a missing value shows the column's missing text or value", () => {
    expect(formatValue("integer", null, "N/A")).toBe("N/A");
    expect(formatValue("percent", undefined, 0)).toBe("0.00%");
  });
});

describe("export", () => {
  test.each(["=1+1", "@SUM(A1)", "\tx", "\rx", "-1+1", "+cmd", "-", '=HYPERLINK("x")'])(
    "%j is escaped",
    (text) => {
      expect(escapeCell(text)).toBe(`'${text}`);
    },
  );

  test.each(["-6.72", "+1", "-1", "1e3", "-.5"])("the number %j is not escaped", (text) => {
    expect(escapeCell(text)).toBe(text);
  });

  test("plain text is left alone", () => {
    expect(escapeCell("Dr O'Brien")).toBe("Dr O'Brien");
  });

  test("CSV with group rows, indented sub-rows, quoting and escaping", () => {
    const table: TableDescriptor = {
      id: "t",
      title: "Revenue",
      rowsKey: "rows",
      childrenKey: "services",
      columns: [
        { key: "name", label: "Service / Subservice", format: "text" },
        { key: "revenue", label: "Revenue", format: "currency", missing: 0 },
      ],
    };
    const result = {
      rows: [
        {
          name: "Surgery",
          revenue: 1500,
          services: [{ name: "=cmd", revenue: 1000 }, { name: "Spine, neck" }],
        },
      ],
    };
    expect(tableToCsv(exportTable(result, table))).toBe(
      'Service / Subservice,Revenue\r\nSurgery,1500\r\n  \'=cmd,1000\r\n"  Spine, neck",0\r\n',
    );
  });

  test("CSV numbers are plain numbers at the screen's precision, never text or escaped", () => {
    const table: TableDescriptor = {
      id: "t",
      title: "Market",
      rowsKey: "rows",
      columns: [
        { key: "name", label: "Name", format: "text" },
        { key: "revenue", label: "Revenue", format: "currency" },
        { key: "share", label: "Share", format: "percent" },
        { key: "change", label: "Change", format: "number" },
        { key: "cases", label: "Cases", format: "integer", missing: "N/A" },
      ],
    };
    const result = {
      rows: [
        { name: "-Ortho", revenue: 1140960.2634, share: 14.1349, change: -6.7249, cases: 12345.4 },
        { name: "@x", revenue: -5, share: 0, change: 1e-9 },
      ],
    };
    expect(tableToCsv(exportTable(result, table))).toBe(
      "Name,Revenue,Share,Change,Cases\r\n'-Ortho,1140960.26,14.13,-6.72,12345\r\n'@x,-5,0,0,N/A\r\n",
    );
  });

  test("XLSX numbers are numbers with the screen's number formats, a missing 0 too; text neutralised", async () => {
    const table: TableDescriptor = {
      id: "t",
      title: "Market",
      rowsKey: "rows",
      columns: [
        { key: "name", label: "Name", format: "text" },
        { key: "revenue", label: "Revenue", format: "currency", missing: 0 },
        { key: "share", label: "Share", format: "percent" },
      ],
    };
    const result = {
      rows: [
        { name: "=cmd", revenue: 1140960.2634, share: 14.1349 },
        { name: "B", share: -6.72 },
      ],
    };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await tablesToXlsx([exportTable(result, table)])) as never);
    const sheet = workbook.worksheets[0]!;
    const cell = (row: number, column: number) => sheet.getRow(row).getCell(column);
    expect(cell(2, 1).value).toBe("'=cmd");
    expect(cell(2, 2).value).toBe(1140960.2634);
    expect(cell(2, 2).numFmt).toBe('"$"#,##0.00');
    expect(cell(2, 3).value).toBe(14.1349);
    expect(cell(2, 3).numFmt).toBe('0.00"%"');
    expect(cell(3, 2).value).toBe(0);
    expect(cell(3, 2).numFmt).toBe('"$"#,##0.00');
    expect(cell(3, 3).value).toBe(-6.72);
  });

  const findings: Insight[] = [
    {
      text: 'In your PSA you performed 28.6% of the surgical cases (4 of 14), "most" of them spine.',
      figures: { "results.customer_market_share.market_share": 28.571428, "results.market_total": 14 },
    },
    { text: "=Hospital A, the largest competitor facility, performed 57.1%.", figures: { x: 57.14 } },
  ];
  const oneRow: TableDescriptor = {
    id: "t",
    title: "Competitors",
    rowsKey: "rows",
    columns: [{ key: "name", label: "Facility", format: "text" }],
  };

  test("CSV: the findings lead, one sentence a row, then an empty row and the table", () => {
    const csv = tableToCsv(
      exportTable({ rows: [{ name: "Hospital B" }] }, oneRow),
      findings.map((finding) => finding.text),
    );
    expect(csv).toBe(
      'Findings\r\n"In your PSA you performed 28.6% of the surgical cases (4 of 14), ""most"" of them spine."\r\n"\'=Hospital A, the largest competitor facility, performed 57.1%."\r\n\r\nFacility\r\nHospital B\r\n',
    );
    // No finding: the table alone, its header first.
    expect(tableToCsv(exportTable({ rows: [] }, oneRow), [])).toBe("Facility\r\n");
  });

  test("XLSX: a first sheet of findings, each sentence with its figures as numbers", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await tablesToXlsx([exportTable({ rows: [] }, oneRow)], findings)) as never);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Findings", "Competitors"]);
    const sheet = workbook.worksheets[0]!;
    const row = (index: number) => [1, 2, 3].map((column) => sheet.getRow(index).getCell(column).value);
    expect(row(1)).toEqual(["Findings", "Figure", "Value"]);
    expect(row(2)).toEqual([findings[0]!.text, null, null]);
    expect(row(3)).toEqual(["", "results.customer_market_share.market_share", 28.571428]);
    expect(row(4)).toEqual(["", "results.market_total", 14]);
    expect(row(5)[0]).toBe(`'${findings[1]!.text}`);
    expect(sheet.getRow(3).outlineLevel).toBe(1);
    // No finding: no sheet for them.
    const plain = new ExcelJS.Workbook();
    await plain.xlsx.load((await tablesToXlsx([exportTable({ rows: [] }, oneRow)])) as never);
    expect(plain.worksheets.map((sheet) => sheet.name)).toEqual(["Competitors"]);
  });
});
