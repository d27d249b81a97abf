import { expect, test } from "bun:test";
import { compareText, minText } from "./textOrder.ts";

// Expected orders worked out from the code points: "B" U+0042 < "a" U+0061 < "é" U+00E9 <
// "ｚ" U+FF5A < "😀" U+1F600 (UTF-16 would put the emoji, 0xD83D..., before U+FF5A).
test("texts sort by code point (DuckDB's byte order), shorter prefix first, NULLs last", () => {
  const texts = ["😀", null, "ｚ", "é", "a", "B", "ab", "a"];
  expect([...texts].sort(compareText)).toEqual(["B", "a", "a", "ab", "é", "ｚ", "😀", null]);
});

test("min of texts ignores NULLs", () => {
  expect(minText(null, "b")).toBe("b");
  expect(minText("b", null)).toBe("b");
  expect(minText("😀", "ｚ")).toBe("ｚ");
  expect(minText(null, null)).toBeNull();
});
