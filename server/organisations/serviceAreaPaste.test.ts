import { describe, expect, test } from "bun:test";
import { parseServiceAreaPaste, toServiceAreaItems } from "./serviceAreaPaste.ts";

describe("parseServiceAreaPaste: 'zipcode<TAB>type' lines from a spreadsheet", () => {
  test("tab-separated lines, Windows line ends, a blank line and lower-case types", () => {
    const result = parseServiceAreaPaste("46201\tPSA\r\n46202\tssa\r\n\r\n46203\tTSA\r\n");
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([
      { zipcode: "46201", type: "PSA", line: 1 },
      { zipcode: "46202", type: "SSA", line: 2 },
      // line 3 is blank and skipped; numbering follows the textarea
      { zipcode: "46203", type: "TSA", line: 4 },
    ]);
    expect(toServiceAreaItems(result.rows, 2024)).toEqual([
      { zipcode: "46201", type: "PSA", year: 2024 },
      { zipcode: "46202", type: "SSA", year: 2024 },
      { zipcode: "46203", type: "TSA", year: 2024 },
    ]);
  });

  test("typed by hand with spaces or commas", () => {
    const result = parseServiceAreaPaste("46201 PSA\n46202,SSA");
    expect(result.errors).toEqual([]);
    expect(result.rows.map((row) => row.zipcode)).toEqual(["46201", "46202"]);
  });

  test("each bad line is reported with its number and the rule", () => {
    const result = parseServiceAreaPaste(
      ["46201\tPSA", "4620\tPSA", "46202\tXSA", "46201\tSSA", "46203", "46204\tPSA\textra"].join("\n"),
    );
    expect(result.rows.map((row) => row.zipcode)).toEqual(["46201"]);
    expect(result.errors).toEqual([
      {
        line: 2,
        message:
          "Line 2: zipcode must be 5 digits, got '4620' (a spreadsheet may have dropped a leading zero)",
      },
      { line: 3, message: "Line 3: type must be PSA, SSA or TSA, got 'XSA'" },
      { line: 4, message: "Line 4: zipcode 46201 is already on line 1" },
      { line: 5, message: "Line 5: expected 'zipcode<TAB>type', got '46203'" },
      { line: 6, message: "Line 6: expected 'zipcode<TAB>type', got '46204\tPSA\textra'" },
    ]);
  });

  test("an empty textarea is required", () => {
    expect(parseServiceAreaPaste(" \n\n").errors).toEqual([
      { line: 1, message: "Please fill out this field" },
    ]);
  });

  test("letters in the zip are refused without the leading-zero hint", () => {
    expect(parseServiceAreaPaste("4620a\tPSA").errors[0]?.message).toBe(
      "Line 1: zipcode must be 5 digits, got '4620a'",
    );
  });
});
