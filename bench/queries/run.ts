/**
 * Query benchmark (a script, not a test): `npm run bench queries` or
 * `bun bench/queries/run.ts [1m] [10m]`. For each size, on the demo organisation's last year with
 * the screens' default filters, in one run:
 *
 *   - uncached latency of each analysis through the run service (runPlugin with the result cache
 *     emptied before each run): p50 and p95 of wall time, and the first run, which writes the
 *     derived files (server/engine/derived/); then the same once the data pipeline has prepared
 *     the organisation-year's kept values (as after every upload: the product's steady state);
 *   - the design steps: the same kernels on a fresh DuckDB per run over the whole market (the
 *     engine before this design), on a pooled connection over the whole market, and on a pooled
 *     connection over the derived files;
 *   - the same kernels on PostgreSQL over the same rows (postgres/), p50 and the ratio, with a
 *     check that both engines give the same result;
 *   - cached answers per second on loopback against a real server process (autocannon), on the
 *     embedded database and on PostgreSQL (the organisation's rows copied to a fresh database).
 *
 * Environment: BENCH_RUNS (uncached runs per analysis, default 21 / 11 at 10m), BENCH_PG_RUNS
 * (default 5 / 3), BENCH_STEP_RUNS (default 3), BENCH_CACHED_SECONDS (default 5),
 * BENCH_SKIP=uncached,prepared,pg,steps,cached,pg-cached to leave parts out (uncached also leaves out
 * prepared, steps and pg), BENCH_POSTGRES_URL (an administrative connection; fresh databases are made beside it),
 * BENCH_ONLY=querie9,querie3 to run only those analyses.
 */
import { availableParallelism, loadavg } from "node:os";
import { prepareAnalysisFiles } from "../../server/engine/derived/prepareFiles.ts";
import { closeDuckPools } from "../../server/engine/duckPool.ts";
import { executeKernel } from "../../server/engine/executeKernel.ts";
import { type Filters, parseFilters } from "../../server/engine/filters.ts";
import type { CanonicalInputs } from "../../server/engine/inputs.ts";
import { organisationSnapshot } from "../../server/engine/organisationSnapshot.ts";
import type { Plugin } from "../../server/engine/plugin.ts";
import { pluginRegistry, type Registry } from "../../server/engine/registry.ts";
import { clearRunCache, runPlugin } from "../../server/engine/runPlugin.ts";
import { engineSettings } from "../../server/engine/settings.ts";
import { removeDerivedFiles } from "../removeDerivedFiles.ts";
import { benchSession, type CachedFigure, measureCached, measureCeiling } from "./cached.ts";
import { openPostgresBench } from "./postgres/postgresKernels.ts";
import { postgresCopy } from "./postgresCopy.ts";
import { openBenchData } from "./setup.ts";

const sizes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["1m", "10m"];
const skip = new Set((process.env.BENCH_SKIP ?? "").split(",").filter(Boolean));
const numberFromEnv = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = engineSettings();
const only = new Set((process.env.BENCH_ONLY ?? "").split(",").filter(Boolean));
/** Issue 31's goal for cached answers, requests per second: each analysis under it gets its own ceiling. */
const CACHED_GOAL = 10_000;
/** The registry narrowed to BENCH_ONLY's analyses, when it names some. */
const onlyChosen = (registry: Registry): Registry =>
  only.size === 0
    ? registry
    : { ...registry, all: () => registry.all().filter((plugin) => only.has(plugin.id)) };

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1) + 0.5))]!;
};
const ms = (value: number | undefined) =>
  value === undefined ? "-" : value < 10 ? value.toFixed(1) : value.toFixed(0);

async function timed(work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Results compared with 9 significant digits (the two engines add doubles in different orders). */
const normalised = (value: unknown) =>
  JSON.stringify(value, (_key, item) => (typeof item === "number" ? Number(item.toPrecision(9)) : item));

/** Object keys sorted, so key order (which follows row order) does not count as a difference. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
    );
  return value;
}
const sameResult = (a: unknown, b: unknown) => normalised(sortedKeys(a)) === normalised(sortedKeys(b));

interface Row {
  querie: string;
  first: number;
  p50: number;
  p95: number;
  /** Process CPU (all threads: DuckDB's too) per uncached answer, ms. */
  cpu: number;
  /** The same once the data pipeline has prepared the organisation-year (as after an upload). */
  preparedP50?: number;
  preparedP95?: number;
  preparedCpu?: number;
  fresh?: number;
  pooledLive?: number;
  pooledDerived?: number;
  pg?: number;
  pgSame?: boolean;
}

/** What a bare Bun server answers per second sending an analysis's bytes (cached.ts, measureCeiling). */
interface Ceiling {
  querie: string;
  bytes: number;
  requestsPerSecond: number;
}

const report: Record<
  string,
  {
    rows: Row[];
    cached?: CachedFigure[];
    cachedPg?: CachedFigure[];
    ceilings: Ceiling[];
    load: string;
    pgLoad?: number;
  }
> = {};
const postgresAdminUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

for (const size of sizes) {
  console.log(`\n--- ${size} ---`);
  const runs = numberFromEnv("BENCH_RUNS", size === "10m" ? 11 : 21);
  const data = await openBenchData(size);
  // The kernel runs first, over a folder the pipeline has not prepared (an earlier run's kept values
  // would answer them): the first run writes the derived files again.
  if (!skip.has("uncached")) removeDerivedFiles(data.dataDir);
  const registry = onlyChosen(await pluginRegistry());
  // Every analysis (BENCH_ONLY's when it names some), querie3 first: its bytes are the first ceiling's.
  const cachedQueries = registry
    .all()
    .map((plugin) => plugin.id)
    .sort(
      (a, b) =>
        Number(b === "querie3") - Number(a === "querie3") || a.localeCompare(b, "en", { numeric: true }),
    );
  const snapshot = await organisationSnapshot(data.context.database, data.dataDir, data.organisationId);
  if (!snapshot) throw new Error("the bench organisation is missing");
  const year = snapshot.years.availableYears.at(-1)!;
  const resolved = await snapshot.resolve(year);
  const rows: Row[] = [];
  const filtersOf = (plugin: Plugin) => {
    const parsed = parseFilters(plugin.filters, { year }, {});
    if (!parsed.success) throw parsed.error;
    return parsed.data;
  };
  const run = (plugin: Plugin) => () =>
    runPlugin({
      context: data.context,
      organisationId: data.organisationId,
      pluginId: plugin.id,
      filters: {},
    });
  /** `runs` answers computed anew (the answer cache emptied before each): wall p50, p95 and CPU per answer. */
  const uncachedRuns = async (plugin: Plugin) => {
    const times: number[] = [];
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < runs; i++) {
      clearRunCache();
      times.push(await timed(run(plugin)));
    }
    const used = process.cpuUsage(cpuBefore);
    return {
      p50: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      cpu: (used.user + used.system) / 1000 / runs,
    };
  };

  const loadBefore = loadavg()[0]!;
  for (const plugin of skip.has("uncached") ? [] : registry.all()) {
    clearRunCache();
    const first = await timed(run(plugin));
    const { p50, p95, cpu } = await uncachedRuns(plugin);
    rows.push({ querie: plugin.id, first, p50, p95, cpu });
    console.log(`  ${plugin.id}: first ${ms(first)} ms, p50 ${ms(p50)} ms, CPU ${ms(cpu)} ms/answer`);
  }
  // The product's steady state: the data pipeline prepares each organisation-year's kept values
  // after every upload (prepareFiles.ts), so a customer's uncached answer narrows prepared rows;
  // the runs above found none (the kernels, the definition). Measured after, in the same process.
  if (!skip.has("uncached") && !skip.has("prepared")) {
    await prepareAnalysisFiles(data.context, data.organisationId);
    for (const plugin of registry.all()) {
      const row = rows.find((item) => item.querie === plugin.id)!;
      const { p50, p95, cpu } = await uncachedRuns(plugin);
      row.preparedP50 = p50;
      row.preparedP95 = p95;
      row.preparedCpu = cpu;
      console.log(
        `  ${plugin.id} prepared: p50 ${ms(row.preparedP50)} ms, CPU ${ms(row.preparedCpu)} ms/answer`,
      );
    }
  }
  const load = `load ${loadBefore.toFixed(1)} -> ${loadavg()[0]!.toFixed(1)}`;

  if (!skip.has("steps") && !skip.has("uncached")) {
    const stepRuns = numberFromEnv("BENCH_STEP_RUNS", 3);
    const live: CanonicalInputs = {
      ...resolved.inputs,
      files: { ...resolved.inputs.files, derived: undefined },
    };
    const options = { dataDir: data.dataDir, settings };
    for (const plugin of registry.all()) {
      const row = rows.find((item) => item.querie === plugin.id)!;
      const filters = filtersOf(plugin);
      const step = async (inputs: CanonicalInputs, fresh: boolean) => {
        const times: number[] = [];
        for (let i = 0; i < stepRuns; i++) {
          // A fresh instance per run: the engine before the pool opened and sandboxed one each time.
          if (fresh) closeDuckPools(data.dataDir);
          times.push(await timed(() => executeKernel(plugin, inputs, filters, options)));
        }
        return quantile(times, 0.5);
      };
      row.fresh = await step(live, true);
      row.pooledLive = await step(live, false);
      row.pooledDerived = await step(resolved.inputs, false);
      console.log(
        `  steps ${plugin.id}: fresh+market ${ms(row.fresh)}, pooled+market ${ms(row.pooledLive)}, pooled+derived ${ms(row.pooledDerived)} ms`,
      );
    }
  }

  let pgLoad: number | undefined;
  if (!skip.has("pg") && !skip.has("uncached")) {
    const pgRuns = numberFromEnv("BENCH_PG_RUNS", size === "10m" ? 3 : 5);
    const pg = await openPostgresBench(size, data.dataDir, resolved.inputs, settings);
    pgLoad = pg.loadSeconds;
    try {
      for (const plugin of registry.all()) {
        const row = rows.find((item) => item.querie === plugin.id)!;
        const filters: Filters = filtersOf(plugin);
        const expected = await executeKernel(plugin, resolved.inputs, filters, {
          dataDir: data.dataDir,
          settings,
        });
        const answer = await pg.run(plugin, filters); // warm-up
        row.pgSame = sameResult(answer, expected);
        const times: number[] = [];
        for (let i = 0; i < pgRuns; i++) times.push(await timed(() => pg.run(plugin, filters)));
        row.pg = quantile(times, 0.5);
        console.log(
          `  postgres ${plugin.id}: p50 ${ms(row.pg)} ms, same result: ${row.pgSame ? "yes" : "NO"}`,
        );
      }
    } finally {
      await pg.close();
    }
  }

  let cached: CachedFigure[] | undefined;
  let cachedPg: CachedFigure[] | undefined;
  const { db } = data.context.database;
  const token = skip.has("cached") ? undefined : await benchSession(db, data.organisationId);
  // The organisation's rows on a fresh PostgreSQL database, copied while the embedded one is open.
  const pgCopy =
    skip.has("cached") || skip.has("pg-cached") ? undefined : await postgresCopy(db, postgresAdminUrl);
  const pgToken = pgCopy ? await benchSession(pgCopy.database.db, data.organisationId) : undefined;
  await pgCopy?.database.close();
  await data.context.database.close();
  closeDuckPools();
  const seconds = numberFromEnv("BENCH_CACHED_SECONDS", 5);
  const print = (label: string, figures: CachedFigure[]) => {
    for (const figure of figures)
      console.log(
        `  cached ${figure.querie} (${label}): ${Math.round(figure.requestsPerSecond)} req/s (p50 ${figure.latencyP50Ms} ms, server CPU ${Math.round(figure.serverCpuUs)} µs/request, ${figure.bytes} bytes, ${figure.wireBytes} sent, errors ${figure.errors})`,
      );
  };
  if (token) {
    // The embedded database is one process's: the bench's is closed before the server opens it.
    cached = await measureCached(size, token, cachedQueries, { seconds, connections: 32 });
    print("embedded", cached);
  }
  const ceilings: Ceiling[] = [];
  if (cached?.[0]) {
    // The bytes the server sent for the first analysis and for each under the goal's 10,000 req/s
    // (compressed when the requests accept it): what the machine allows at all for those answers,
    // so a reader can tell an answer slow to serve from one bound by its bytes.
    const belowGoal = cached.filter((figure, index) => index === 0 || figure.requestsPerSecond < CACHED_GOAL);
    for (const figure of belowGoal) {
      const requestsPerSecond = await measureCeiling(figure.sent, { seconds, connections: 32 });
      ceilings.push({ querie: figure.querie, bytes: figure.wireBytes, requestsPerSecond });
      console.log(
        `  ceiling: a bare Bun server sending ${figure.querie}'s ${figure.wireBytes} bytes: ${Math.round(requestsPerSecond)} req/s`,
      );
    }
  }
  if (pgCopy && pgToken) {
    try {
      cachedPg = await measureCached(size, pgToken, cachedQueries, {
        seconds,
        connections: 32,
        databaseUrl: pgCopy.url,
      });
      print("postgres", cachedPg);
    } finally {
      await pgCopy.drop();
    }
  }
  report[size] = {
    rows,
    cached,
    cachedPg,
    ceilings,
    load: `${load}, after cached ${loadavg()[0]!.toFixed(1)}`,
    pgLoad,
  };
}

console.log(
  `\nQuery benchmark, ${availableParallelism()} cpus; default filters, last year; times in ms (wall).\n` +
    "first: first run (writes the derived files); p50/p95: uncached runs through the run service;\n" +
    "cpu: the process's CPU (every thread) per uncached answer;\n" +
    "prepared: the same once the data pipeline prepared the organisation-year, as after an upload (p50, p95, cpu);\n" +
    "steps (p50 of executeKernel): fresh DuckDB + whole market | pooled + whole market | pooled + derived files;\n" +
    "pg: the same kernels on PostgreSQL 15 (same rows, index on patient_zip); ratio = pg / our p50.\n",
);
for (const [size, { rows, cached, cachedPg, ceilings, load, pgLoad }] of Object.entries(report)) {
  console.log(
    `${size} (${load}${pgLoad !== undefined ? `, PostgreSQL ready in ${pgLoad.toFixed(1)} s` : ""})`,
  );
  console.log(
    "  analysis   first     p50     p95     cpu | prepared p50     p95     cpu | fresh+mkt pool+mkt pool+drv |      pg  ratio same",
  );
  for (const row of rows) {
    console.log(
      `  ${row.querie.padEnd(8)} ${ms(row.first).padStart(7)} ${ms(row.p50).padStart(7)} ${ms(row.p95).padStart(7)} ${ms(row.cpu).padStart(7)} |` +
        ` ${ms(row.preparedP50).padStart(12)} ${ms(row.preparedP95).padStart(7)} ${ms(row.preparedCpu).padStart(7)} |` +
        ` ${ms(row.fresh).padStart(9)} ${ms(row.pooledLive).padStart(8)} ${ms(row.pooledDerived).padStart(8)} |` +
        ` ${ms(row.pg).padStart(7)} ${row.pg ? `${(row.pg / row.p50).toFixed(1)}x`.padStart(6) : "     -"} ${row.pgSame === undefined ? "-" : row.pgSame ? "yes" : "NO"}`,
    );
  }
  for (const [label, figures] of [
    ["embedded", cached],
    ["postgres", cachedPg],
  ] as const)
    for (const figure of figures ?? [])
      console.log(
        `  cached ${figure.querie} (${label}): ${Math.round(figure.requestsPerSecond).toLocaleString("en-US")} req/s, p50 ${figure.latencyP50Ms} ms, p99 ${figure.latencyP99Ms} ms, server CPU ${Math.round(figure.serverCpuUs)} µs/request, ${figure.bytes.toLocaleString("en-US")} bytes (${(figure.wireBytes ?? figure.bytes).toLocaleString("en-US")} sent), ${figure.errors} errors`,
      );
  for (const ceiling of ceilings)
    console.log(
      `  ceiling (a bare Bun server sending ${ceiling.querie}'s ${ceiling.bytes.toLocaleString("en-US")} bytes as sent): ${Math.round(ceiling.requestsPerSecond).toLocaleString("en-US")} req/s`,
    );
}
process.exit(0);
