import { describe, expect, test } from "bun:test";
import { parseServiceAreaPaste } from "./serviceAreaPaste.ts";

describe("parseServiceAreaPaste", () => {
  test("reads zipcode<TAB>type lines, skipping blank lines and a header row", () => {
    expect(parseServiceAreaPaste("zipcode\ttype\n46201\tPSA\n\n46202\tssa\r\n")).toEqual({
      ok: true,
      items: [
        { zipcode: "46201", type: "PSA" },
        { zipcode: "46202", type: "SSA" },
      ],
    });
  });

  test("pads zips a spreadsheet stripped of their leading zeros", () => {
    expect(parseServiceAreaPaste("2134\tTSA")).toEqual({
      ok: true,
      items: [{ zipcode: "02134", type: "TSA" }],
    });
  });

  test("an empty paste is the required-field message", () => {
    expect(parseServiceAreaPaste(" \n ")).toEqual({ ok: false, message: "Please fill out this field" });
  });

  test("names the line of a bad zip, a bad type, a missing tab or a duplicate", () => {
    expect(parseServiceAreaPaste("46201\tPSA\n4620x\tPSA")).toMatchObject({ ok: false, line: 2 });
    expect(parseServiceAreaPaste("46201\tXSA")).toMatchObject({ ok: false, line: 1 });
    expect(parseServiceAreaPaste("46201\tPSA\n46202 PSA")).toMatchObject({ ok: false, line: 2 });
    expect(parseServiceAreaPaste("46201\tPSA\n46201\tSSA")).toMatchObject({
      ok: false,
      line: 2,
      message: "Line 2: 46201 is listed twice.",
    });
  });
});
