import { describe, expect, test } from "bun:test";
import { analysesClosed } from "./analysesOpen.ts";

describe("a query screen before the organisation is initialized (issue 32)", () => {
  test("closed when the organisation is not initialized or has no open year", () => {
    expect(analysesClosed({ initialized: false, availableYears: [2024] })).toBe(true);
    expect(analysesClosed({ initialized: true, availableYears: [] })).toBe(true);
    expect(analysesClosed({ initialized: undefined, availableYears: [] })).toBe(true);
  });

  test("open once initialized with a year; not judged while loading", () => {
    expect(analysesClosed({ initialized: true, availableYears: [2024, 2025] })).toBe(false);
    expect(analysesClosed({ initialized: undefined, availableYears: undefined })).toBe(false);
    expect(analysesClosed({ initialized: true, availableYears: undefined })).toBe(false);
  });
});
