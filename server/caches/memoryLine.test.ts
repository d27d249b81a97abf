import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client.ts";
import { openDuckDb } from "../duckdb/open.ts";
import { memoryFigures, memoryLineOf } from "./memoryLine.ts";

test("counts the DuckDB instances open and what they hold, and forgets a closed one", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "vitality-memory-line-"));
  try {
    const before = await memoryFigures();
    const duck = await openDuckDb({ dataDir, threads: 1 });
    await duck.run("CREATE TABLE filler AS SELECT range AS n, repeat('x', 100) AS s FROM range(200000)");
    const open = await memoryFigures();
    // The table's 200,000 rows hold about 20 MB. Other test files of this process may hold
    // instances of their own whose buffers move by a few MB meanwhile, hence the margins.
    const TABLE = 8 * 1_048_576;
    expect(open.duckInstances).toBe(before.duckInstances + 1);
    expect(open.duckBuffers - before.duckBuffers).toBeGreaterThan(TABLE);
    duck.close();
    const closed = await memoryFigures();
    expect(closed.duckInstances).toBe(before.duckInstances);
    expect(open.duckBuffers - closed.duckBuffers).toBeGreaterThan(TABLE);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("reads PGlite's WebAssembly memory, and says nothing of it without an embedded database", async () => {
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    const figures = await memoryFigures(database);
    expect(figures.pgliteWasm).toBeGreaterThan(16 * 1_048_576);
    const line = memoryLineOf(figures);
    expect(line).toMatch(/^memory: rss_mb=\d+ js_objects_mb=\d+ .* pglite_wasm_mb=\d+ duckdb_instances=\d+ /);
    expect(memoryLineOf(await memoryFigures())).toContain(" pglite_wasm_mb=- ");
  } finally {
    await database.close();
  }
});
