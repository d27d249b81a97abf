import { describe, expect, test } from "bun:test";
import { isStorageFull, storageFullError } from "./storageFull.ts";

describe("isStorageFull: which failures are a full disk (507 storage_full)", () => {
  test("Node's ENOSPC and EDQUOT, DuckDB's write error, the worker's exit, and through a cause", () => {
    const nodeError = Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    expect(isStorageFull(nodeError)).toBe(true);
    expect(isStorageFull(Object.assign(new Error("quota"), { code: "EDQUOT" }))).toBe(true);
    expect(
      isStorageFull(
        new Error(
          'IO Error: Could not write file "/data/tmp/ingest/x/practice_lines-2025.parquet": No space left on device',
        ),
      ),
    ).toBe(true);
    expect(isStorageFull(storageFullError("the ingest worker"))).toBe(true);
    expect(isStorageFull(new Error("the export failed", { cause: nodeError }))).toBe(true);
  });

  test("not an uploaded file's own words quoted in an engine error, nor other failures", () => {
    expect(
      isStorageFull(
        new Error(
          'Conversion Error: CSV Error on Line: 2\nOriginal Line: "C1,No space left on device,ENOSPC"',
        ),
      ),
    ).toBe(false);
    expect(isStorageFull(Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" }))).toBe(
      false,
    );
    expect(isStorageFull(undefined)).toBe(false);
    expect(isStorageFull("IO Error: disk on fire")).toBe(false);
  });
});
