import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ParquetNpiRegistry } from "../../registry/parquetRegistry.ts";
import { syntheticNppesRows, writeNppesCsv } from "../../registry/testing/nppesCsv.ts";

const main = join(import.meta.dir, "..", "main.ts");
const dir = mkdtempSync(join(tmpdir(), "vitality-registry-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function vitality(...args: string[]) {
  const child = Bun.spawn([process.execPath, main, ...args], { stdout: "pipe", stderr: "pipe" });
  const [code, stdout, stderr] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  return { code, stdout, stderr };
}

test("vitality registry import-nppes loads the file into the data folder's registry", async () => {
  const csv = join(dir, "npidata.csv");
  const rows = [...syntheticNppesRows(100, 5)];
  writeNppesCsv(csv, rows);
  const active = rows.filter((row) => row.entity !== "");
  const result = await vitality("registry", "import-nppes", csv, "--out", join(dir, "data"));
  expect(result.stderr).toBe("");
  expect(result.stdout).toMatch(
    new RegExp(`^${active.length} providers imported into .*registry/npi_registry\\.parquet \\(`),
  );
  expect(result.code).toBe(0);
  const registry = new ParquetNpiRegistry(join(dir, "data"));
  const first = active[0]!;
  expect((await registry.lookupNpi(first.npi)).results[0]?.basic.last_name).toBe(first.last);
  registry.close();
}, 30_000);

test("bad arguments and a file that is not NPPES's: a plain message and an exit code", async () => {
  const usage = await vitality("registry", "import", "x.csv");
  expect(usage.stderr).toContain("Usage: vitality registry import-nppes FILE.csv");
  expect(usage.code).toBe(2);
  const limit = await vitality("registry", "import-nppes", "x.csv", "--memory-limit", "lots");
  expect(limit.stderr).toContain("--memory-limit must be a size such as 512MB or 2GB");
  const missing = await vitality(
    "registry",
    "import-nppes",
    join(dir, "none.csv"),
    "--out",
    join(dir, "data"),
  );
  expect(missing.stderr.trim()).toBe(`${join(dir, "none.csv")}: no such file`);
  expect(missing.code).toBe(1);
}, 30_000);
