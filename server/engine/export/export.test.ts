import { describe, expect, test } from "bun:test";
import { formatValue } from "../format.ts";
import type { TableDescriptor } from "../view.ts";
import { tableToCsv } from "./csv.ts";
import { escapeCell } from "./escapeCell.ts";
import { exportTable } from "./tableRows.ts";

describe("cell formats", () => {
  test.each([
    ["percent", 12.345, "12.35%"],
    ["percent", 0, "0.00%"],
    ["currency", 1234567.891, "$1,234,567.89"],
    ["currency", -5, "-$5.00"],
    ["integer", 12345, "12,345"],
    ["number", -10.5, "-10.50"],
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
  test.each(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])("%j is escaped", (text) => {
    expect(escapeCell(text)).toBe(`'${text}`);
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
      'Service / Subservice,Revenue\r\nSurgery,"$1,500.00"\r\n  =cmd,"$1,000.00"\r\n"  Spine, neck",$0.00\r\n',
    );
  });
});
