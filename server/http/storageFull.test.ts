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
    // The database's refusal as postgres.js raises it, inside drizzle's query error.
    const databaseFull = Object.assign(
      new Error('could not extend file "base/5/16384": No space left on device'),
      {
        code: "53100",
      },
    );
    expect(isStorageFull(new Error("Failed query: insert into ...", { cause: databaseFull }))).toBe(true);
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
    // Another resource of the database (53200: out of memory) is not the disk.
    expect(isStorageFull(Object.assign(new Error("out of memory"), { code: "53200" }))).toBe(false);
    expect(isStorageFull("IO Error: disk on fire")).toBe(false);
  });
});
