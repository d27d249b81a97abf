import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { openDatabase } from "../db/client.ts";
import { openDuckDb } from "../duckdb/open.ts";
import { OpenInstances } from "../duckdb/openInstances.ts";
import { memoryFigures, memoryLineOf } from "./memoryLine.ts";

test("counts the DuckDB instances open and what they hold, and forgets a closed one", async () => {
  // A set of its own: other test files of this process open and close instances meanwhile.
  const instances = new OpenInstances();
  const empty = await instances.memory();
  expect(empty).toEqual({ instances: 0, bytes: 0 });
  const instance = await DuckDBInstance.create(":memory:");
  instances.opened(instance);
  const connection = await instance.connect();
  await connection.run("CREATE TABLE filler AS SELECT range AS n, repeat('x', 100) AS s FROM range(200000)");
  const open = await instances.memory();
  expect(open.instances).toBe(1);
  // The table's 200,000 rows: about 20 MB.
  expect(open.bytes).toBeGreaterThan(8 * 1_048_576);
  connection.closeSync();
  instances.closed(instance);
  instance.closeSync();
  expect(await instances.memory()).toEqual({ instances: 0, bytes: 0 });
});

test("the memory figures count the instances the sandbox opens", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "vitality-memory-line-"));
  try {
    const duck = await openDuckDb({ dataDir, threads: 1 });
    await duck.run("CREATE TABLE filler AS SELECT range AS n, repeat('x', 100) AS s FROM range(200000)");
    const open = await memoryFigures();
    expect(open.duckInstances).toBeGreaterThanOrEqual(1);
    expect(open.duckBuffers).toBeGreaterThan(8 * 1_048_576);
    duck.close();
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
