/**
 * Registry benchmark (a script, not a test): `npm run bench registry`.
 *   1. writes a 1m-row NPPES-shaped dissemination CSV (330 columns, every field quoted, seed 42;
 *      server/registry/testing/nppesCsv.ts) into bench/out/registry/ unless it is there;
 *   2. runs `vitality registry import-nppes` on it in a child process, as an operator would, and
 *      reports the wall time, rows/s and the child's peak resident memory (getrusage maxRSS);
 *   3. times NPI look-ups and a name search on the imported registry.
 * BENCH_NPPES_ROWS changes the row count; BENCH_NPPES_MEMORY the import's DuckDB memory limit.
 */
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { ParquetNpiRegistry } from "../../server/registry/parquetRegistry.ts";
import { syntheticNppesRows, writeNppesCsv } from "../../server/registry/testing/nppesCsv.ts";

const root = resolve(import.meta.dir, "..", "..");
const cli = join(root, "server", "cli", "main.ts");
const outDir = join(root, "bench", "out", "registry");
const rows = Number(process.env.BENCH_NPPES_ROWS ?? 1_000_000);
const seed = 42;
const memoryLimit = process.env.BENCH_NPPES_MEMORY ?? "1GB";
const csv = join(outDir, `npidata_${rows}_seed${seed}.csv`);
const stamp = `${csv}.done`;
const dataDir = join(outDir, "data");

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

mkdirSync(outDir, { recursive: true });
if (!existsSync(stamp)) {
  const started = performance.now();
  writeNppesCsv(csv, syntheticNppesRows(rows, seed));
  writeFileSync(stamp, "");
  console.log(
    `wrote ${rows} rows (${(statSync(csv).size / 1e6).toFixed(0)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
const csvMb = statSync(csv).size / 1e6;

rmSync(dataDir, { recursive: true, force: true });
console.log(`load before the import: ${load()}`);
const started = performance.now();
const child = Bun.spawnSync(
  [process.execPath, cli, "registry", "import-nppes", csv, "--out", dataDir, "--memory-limit", memoryLimit],
  { stdout: "pipe", stderr: "pipe" },
);
const seconds = (performance.now() - started) / 1000;
if (child.exitCode !== 0) {
  console.error(child.stderr.toString());
  process.exit(1);
}
const imported = Number(/^(\d+) providers imported/.exec(child.stdout.toString())?.[1] ?? 0);
const peakMb = (child.resourceUsage?.maxRSS ?? 0) / 1024 / 1024;
const parquetMb = statSync(join(dataDir, "registry", "npi_registry.parquet")).size / 1e6;
console.log(child.stdout.toString().trim());
console.log(
  `import-nppes: ${rows} rows read (${csvMb.toFixed(0)} MB CSV), ${imported} imported in ${seconds.toFixed(1)} s (process wall, start included): ${Math.round(rows / seconds).toLocaleString("en-US")} rows/s read, ${(csvMb / seconds).toFixed(0)} MB/s; peak RSS ${peakMb.toFixed(0)} MB (DuckDB memory limit ${memoryLimit}); Parquet ${parquetMb.toFixed(0)} MB`,
);
console.log(`load after the import: ${load()}`);

// Look-ups on the imported registry: NPIs spread over the file, then a prefix search.
const registry = new ParquetNpiRegistry(dataDir);
const numbers = [...syntheticNppesRows(Math.min(rows, 200_000), seed)]
  .filter((row, index) => row.entity !== "" && index % 997 === 0)
  .map((row) => row.npi)
  .slice(0, 200);
await registry.lookupNpi(numbers[0]!);
const times: number[] = [];
for (const number of numbers) {
  const at = performance.now();
  const answer = await registry.lookupNpi(number);
  times.push(performance.now() - at);
  if (answer.result_count !== 1) throw new Error(`${number} not found after the import`);
}
times.sort((a, b) => a - b);
const searchAt = performance.now();
const found = await registry.search({ last_name: "SMI*", limit: 50 });
const searchMs = performance.now() - searchAt;
registry.close();
console.log(
  `look-ups: ${times.length} NPIs, p50 ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, p95 ${times[Math.floor(times.length * 0.95)]!.toFixed(1)} ms; search last_name SMI* (${found.result_count} of 50): ${searchMs.toFixed(0)} ms`,
);
