/**
 * Where an uncached run's time goes (a script, not a test): `bun bench/queries/profile.ts 1m
 * [querieN ...]`. Runs each analysis through the run service as the benchmark does (result cache
 * emptied before each run) and times every DuckDB statement by its first line, with the wall and
 * CPU time of the whole run; medians of BENCH_RUNS runs (default 15).
 */
import { DuckDBConnection } from "@duckdb/node-api";
import { executeKernel } from "../../server/engine/executeKernel.ts";
import { parseFilters } from "../../server/engine/filters.ts";
import { organisationSnapshot } from "../../server/engine/organisationSnapshot.ts";
import { pluginRegistry } from "../../server/engine/registry.ts";
import { clearRunCache, runPlugin } from "../../server/engine/runPlugin.ts";
import { engineSettings } from "../../server/engine/settings.ts";
import { openBenchData } from "./setup.ts";

const [size = "1m", ...only] = process.argv.slice(2);
const runs = Number(process.env.BENCH_RUNS ?? 15);

/** Statement timings of the current run, by a short label. */
let timings: Array<[string, number]> = [];
/** runAndReadAll calls run inside: only the outer call is timed. */
let depth = 0;
const labelOf = (sql: string) => {
  const text = sql
    .replace(/--[^\n]*\n/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.slice(0, 70);
};
for (const method of ["run", "runAndReadAll"] as const) {
  const original = DuckDBConnection.prototype[method] as (...args: unknown[]) => Promise<unknown>;
  (DuckDBConnection.prototype as unknown as Record<string, unknown>)[method] = async function (
    this: DuckDBConnection,
    ...args: unknown[]
  ) {
    const started = performance.now();
    depth += 1;
    try {
      return await original.apply(this, args);
    } finally {
      depth -= 1;
      if (depth === 0) timings.push([labelOf(String(args[0])), performance.now() - started]);
    }
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

const data = await openBenchData(size);
const registry = await pluginRegistry();
const snapshot = await organisationSnapshot(data.context.database, data.dataDir, data.organisationId);
if (!snapshot) throw new Error("the bench organisation is missing");
const year = snapshot.years.availableYears.at(-1)!;
const resolved = await snapshot.resolve(year);
const settings = engineSettings();
for (const plugin of registry.all()) {
  if (only.length > 0 && !only.includes(plugin.id)) continue;
  const run = () =>
    runPlugin({
      context: data.context,
      organisationId: data.organisationId,
      pluginId: plugin.id,
      filters: {},
    });
  clearRunCache();
  await run();
  const walls: number[] = [];
  const cpus: number[] = [];
  const byLabel = new Map<string, number[]>();
  for (let i = 0; i < runs; i++) {
    clearRunCache();
    timings = [];
    const cpu = process.cpuUsage();
    const started = performance.now();
    await run();
    walls.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
    const seen = new Map<string, number>();
    for (const [label, ms] of timings) seen.set(label, (seen.get(label) ?? 0) + ms);
    for (const [label, ms] of seen) byLabel.set(label, [...(byLabel.get(label) ?? []), ms]);
  }
  // The kernel alone (executeKernel on the pool, as runPlugin calls it): the rest of a run is the
  // run service's own work (filters, snapshot, cache key, the answer's JSON).
  const parsed = parseFilters(plugin.filters, { year }, {});
  if (!parsed.success) throw parsed.error;
  const kernels: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await executeKernel(plugin, resolved.inputs, parsed.data, { dataDir: data.dataDir, settings });
    kernels.push(performance.now() - started);
  }
  const sqlTotal = median(
    [...Array(runs).keys()].map((i) => [...byLabel.values()].reduce((sum, list) => sum + (list[i] ?? 0), 0)),
  );
  console.log(
    `\n${plugin.id}: wall p50 ${median(walls).toFixed(1)} ms, CPU p50 ${median(cpus).toFixed(1)} ms, executeKernel p50 ${median(kernels).toFixed(1)} ms, statements ${sqlTotal.toFixed(1)} ms`,
  );
  for (const [label, list] of byLabel)
    console.log(`  ${median(list).toFixed(2).padStart(7)} ms  ${list.length}x  ${label}`);
}
await data.context.database.close();
process.exit(0);
