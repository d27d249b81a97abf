import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DuckDb, openDuckDb } from "./open.ts";

describe("openDuckDb sandbox", () => {
  let root: string;
  let dataDir: string;
  let duck: DuckDb;

  beforeAll(async () => {
    root = realpathSync(mkdtempSync(join(tmpdir(), "vitality-duck-")));
    dataDir = join(root, "data");
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, "inside.csv"), "a,b\n1,2\n");
    writeFileSync(join(root, "outside.csv"), "secret\nyes\n");
    duck = await openDuckDb({ dataDir, memoryLimit: "256MB", threads: 2 });
  });
  afterAll(() => {
    duck.close();
    rmSync(root, { recursive: true, force: true });
  });

  test("reads a file inside the data folder with a bound path", async () => {
    const rows = await duck.all<{ n: bigint }>("SELECT count(*) AS n FROM read_csv($1)", [
      join(dataDir, "inside.csv"),
    ]);
    expect(Number(rows[0]!.n)).toBe(1);
  });

  test.each([
    ["a file outside the data folder", (root: string) => `SELECT * FROM read_csv('${root}/outside.csv')`],
    ["a path escaping with ..", (root: string) => `SELECT * FROM read_csv('${root}/data/../outside.csv')`],
    ["a system file", () => "SELECT * FROM read_text('/etc/passwd')"],
    ["writing outside", (root: string) => `COPY (SELECT 1) TO '${root}/out.csv'`],
    ["attaching a database outside", (root: string) => `ATTACH '${root}/x.duckdb'`],
  ])("refuses %s", async (_name, sql) => {
    await expect(duck.run(sql(root))).rejects.toThrow(/Permission Error|disabled by configuration/);
  });

  test.each([
    "SET enable_external_access = true",
    "SET allowed_directories = ['/']",
    "SET memory_limit = '64GB'",
  ])("the configuration is locked: %s", async (sql) => {
    await expect(duck.run(sql)).rejects.toThrow(/locked/);
  });

  test("no copy of a file's bytes is kept after reading it (the data folder's files come and go)", async () => {
    const file = join(dataDir, "cache-probe.parquet");
    await duck.run(`COPY (SELECT range AS n FROM range(100000)) TO '${file}' (FORMAT parquet)`);
    expect(await duck.all(`SELECT sum(n)::BIGINT AS total FROM read_parquet('${file}')`)).toEqual([
      { total: 4999950000n },
    ]);
    const cached = await duck.all<{ bytes: bigint }>(
      "SELECT memory_usage_bytes AS bytes FROM duckdb_memory() WHERE tag = 'EXTERNAL_FILE_CACHE'",
    );
    expect(cached.map((row) => Number(row.bytes))).toEqual([0]);
  });

  test("limits are applied", async () => {
    const [row] = await duck.all<{ memory: string; threads: bigint }>(
      "SELECT current_setting('memory_limit') AS memory, current_setting('threads') AS threads",
    );
    expect(row!.memory).toMatch(/MiB|MB/);
    expect(Number(row!.threads)).toBe(2);
  });
});
