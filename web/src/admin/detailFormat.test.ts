import { describe, expect, test } from "bun:test";
import { detailSections, formatFieldName, inlineText, MACRO_SECTIONS, renderingOf } from "./detailFormat.ts";

describe("formatFieldName", () => {
  test("underscores become spaces and the first letter is capitalised", () => {
    expect(formatFieldName("new_patient_em")).toBe("New patient em");
    expect(formatFieldName("total")).toBe("Total");
    expect(formatFieldName("LE_joint")).toBe("LE joint");
  });
});

describe("renderingOf", () => {
  test("null is N/A; booleans and 'true'/'false' strings are tags", () => {
    expect(renderingOf(null)).toEqual({ kind: "na" });
    expect(renderingOf(undefined)).toEqual({ kind: "na" });
    expect(renderingOf(true)).toEqual({ kind: "boolean", value: true });
    expect(renderingOf("False")).toEqual({ kind: "boolean", value: false });
  });

  test("numbers and strings are text, arrays lists, objects key/value pairs", () => {
    expect(renderingOf(12.5)).toEqual({ kind: "text", text: "12.5" });
    expect(renderingOf("Yes")).toEqual({ kind: "text", text: "Yes" });
    expect(renderingOf(["a", "b"])).toEqual({ kind: "list", items: ["a", "b"] });
    expect(renderingOf({ a: 1 })).toEqual({ kind: "pairs", pairs: [["a", 1]] });
  });

  test("inline text of nested values", () => {
    expect(inlineText({ volume: 3, note: null, tags: ["x", "y"] })).toBe("volume: 3, note: N/A, tags: x, y");
  });
});

describe("detailSections", () => {
  test("objects become sections in the spec's order; other keys lead untitled", () => {
    const sections = detailSections(
      { rollup: { score: 1 }, total: 3, governance: { board: true }, partnerships: { count: 2 } },
      MACRO_SECTIONS,
    );
    expect(sections.map((section) => section.title)).toEqual([null, "Governance", "Partnerships", "Rollup"]);
    expect(sections[0]?.rows).toEqual([["total", 3]]);
  });
});
