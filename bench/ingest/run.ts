/**
 * Ingest benchmark (a script, not a test): `bun bench/ingest/run.ts [rows...]` (default 1m and 10m).
 * Generates a market_ip CSV of each size under bench/out/ingest (with DuckDB, so generation is
 * quick), then times in the same run:
 *   - the limit: DuckDB's own COPY (SELECT * FROM read_csv(file)) TO parquet, and
 *   - our ingest: parse, validate every rule, derive and write canonical Parquet (runIngestJob,
 *     the body of the worker process), and the same through the worker process (runWorker).
 * Prints rows/s, MB/s and the ratio to the limit, the best of BENCH_ROUNDS (3) interleaved rounds.
 * Goal: within 2x.
 */
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { openDuckDb } from "../../server/duckdb/open.ts";
import { defaultLimits } from "../../server/ingest/limits.ts";
import { copyToParquet } from "../../server/ingest/normalise/common.ts";
import { type IngestPhase, runIngestJob } from "../../server/ingest/pipeline.ts";
import { runWorker } from "../../server/ingest/runWorker.ts";
import { completeNpi } from "../../server/reference/npi.ts";

const dataDir = resolve(import.meta.dir, "..", "out", "ingest");
mkdirSync(dataDir, { recursive: true });
const sizes = (process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["1000000", "10000000"]).map(
  Number,
);
const limits = { ...defaultLimits, duckMemoryLimit: process.env.BENCH_MEMORY ?? "4GB" };
/** Rounds per size (BENCH_ROUNDS, default 3); the best of each figure is reported. */
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

async function generate(rows: number) {
  const path = join(dataDir, `market_ip_${rows}.csv`);
  if (existsSync(path)) return path;
  const duck = await openDuckDb({ dataDir, memoryLimit: limits.duckMemoryLimit });
  try {
    const npis = Array.from({ length: 500 }, (_, index) => completeNpi(String(100000000 + index * 7919)));
    await duck.run("CREATE TEMP TABLE npi (i INTEGER, npi VARCHAR)");
    for (const [index, npi] of npis.entries())
      await duck.run("INSERT INTO npi VALUES ($1, $2)", [index, npi]);
    const cpts = [
      "27447",
      "27130",
      "29881",
      "63030",
      "22633",
      "25607",
      "28296",
      "64721",
      "20610",
      "99213",
      "J3301",
      "29125",
    ];
    await duck.run(
      "CREATE TEMP TABLE cpt AS SELECT unnest(string_split($1, ',')) AS cpt, generate_subscripts(string_split($1, ','), 1) - 1 AS i",
      [cpts.join(",")],
    );
    await duck.run(`CREATE TEMP TABLE market AS
      SELECT 2024 AS year, 'C' || r AS claim_id, lpad(CAST(46000 + r % 900 AS VARCHAR), 5, '0') AS patient_zip,
             CASE WHEN r % 5 = 0 THEN 'IP' END AS setting, CASE WHEN r % 3 = 0 THEN '24' END AS place_of_service,
             CASE WHEN r % 3 = 1 THEN '0131' END AS bill_type, CASE WHEN r % 17 = 0 THEN '470' END AS drg,
             c.cpt, f.npi AS facility_npi, 'Facility ' || (r % 500) AS facility_name, '46032' AS facility_zip,
             p.npi AS rendering_npi, 'Dr ' || (r % 997) AS rendering_name, NULL AS referring_npi, NULL AS referring_name,
             1 + r % 3 AS cases, round(1000 + (r % 50000) * 1.37, 2) AS charge_amount, round(500 + (r % 20000) * 0.91, 2) AS paid_amount
      FROM range(${Number(rows)}) AS t(r)
      JOIN npi AS f ON f.i = r % 500 JOIN npi AS p ON p.i = (r * 7) % 500 JOIN cpt AS c ON c.i = r % ${cpts.length}`);
    await duck.run(`COPY market TO '${path}' (HEADER, DELIMITER ',')`);
  } finally {
    duck.close();
  }
  return path;
}

interface Timed {
  seconds: number;
  cpuSeconds: number;
}

/** Wall time, and CPU time of this process (all DuckDB threads): the machine may be shared. */
async function time<T>(work: () => Promise<T>) {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const value = await work();
  const cpu = process.cpuUsage(cpuStart);
  return { seconds: (performance.now() - start) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6, value };
}

/** The best (lowest) of each figure over the rounds: on a shared machine the rest is other work. */
const best = (runs: { seconds: number; cpuSeconds: number }[]) => ({
  seconds: Math.min(...runs.map((run) => run.seconds)),
  cpuSeconds: Math.min(...runs.map((run) => run.cpuSeconds)),
});

for (const rows of sizes) {
  const csv = await generate(rows);
  const megabytes = statSync(csv).size / 1024 ** 2;
  const workDir = join(dataDir, "tmp", "bench");
  const job = {
    target: { kind: "market", marketKind: "IP" } as const,
    years: [2024],
    files: [{ path: csv, originalName: "market_ip.csv" }],
    dataDir,
    workDir,
    limits,
  };
  const runs = { baseline: [] as Timed[], ours: [] as Timed[], worker: [] as Timed[] };
  const split = { validating: [] as number[], writing: [] as number[] };
  const loads: number[] = [];
  // Rounds interleave the three, so a burst of other work does not favour one of them.
  for (let round = 0; round < rounds; round++) {
    loads.push(loadavg()[0]!);
    const duck = await openDuckDb({ dataDir, memoryLimit: limits.duckMemoryLimit });
    const baselineOut = join(dataDir, "baseline.parquet");
    runs.baseline.push(
      await time(() => copyToParquet(duck, `SELECT * FROM read_csv('${csv}')`, baselineOut)),
    );
    duck.close();

    rmSync(workDir, { recursive: true, force: true });
    mkdirSync(workDir, { recursive: true });
    // Phase start times of our ingest: how the wall time splits between validating and writing.
    const phases: Partial<Record<IngestPhase, number>> = {};
    const started = performance.now();
    const ours = await time(() =>
      runIngestJob(job, (phase) => {
        phases[phase] = performance.now();
      }),
    );
    const ended = performance.now();
    if (!ours.value.accepted)
      throw new Error(`bench file refused: ${JSON.stringify(ours.value.report.errors.slice(0, 3))}`);
    runs.ours.push(ours);
    split.validating.push(((phases.normalising ?? ended) - (phases.validating ?? started)) / 1000);
    split.writing.push((ended - (phases.normalising ?? ended)) / 1000);

    rmSync(workDir, { recursive: true, force: true });
    mkdirSync(workDir, { recursive: true });
    runs.worker.push(await time(() => runWorker(job)));
    rmSync(workDir, { recursive: true, force: true });
  }

  const baseline = best(runs.baseline);
  const line = (name: string, figures: { seconds: number; cpuSeconds: number }, withCpu = true) =>
    `  ${name.padEnd(34)} ${figures.seconds.toFixed(2).padStart(7)} s  ${Math.round(rows / figures.seconds)
      .toLocaleString("en-US")
      .padStart(
        11,
      )} rows/s  ${(megabytes / figures.seconds).toFixed(1).padStart(7)} MB/s  ${(figures.seconds / baseline.seconds).toFixed(2)}x wall` +
    (withCpu
      ? `  cpu ${figures.cpuSeconds.toFixed(2)} s (${(figures.cpuSeconds / baseline.cpuSeconds).toFixed(2)}x)`
      : "");
  console.log(
    `market_ip, ${rows.toLocaleString("en-US")} rows, ${megabytes.toFixed(0)} MB CSV (memory ${limits.duckMemoryLimit}, ${availableParallelism()} cpus, best of ${rounds}, load ${loads.map((load) => load.toFixed(1)).join("/")}):`,
  );
  console.log(line("DuckDB COPY read_csv -> parquet", baseline));
  console.log(line("ingest (validate+derive+write)", best(runs.ours)));
  // The child's CPU is not this process's: only its wall time is measured.
  console.log(line("ingest via worker process", best(runs.worker), false));
  // A clean market file is checked and written in one pass (no "normalising" phase of its own).
  console.log(
    split.writing.every((seconds) => seconds === 0)
      ? `  in process, wall (best): one pass (checks, derive, write, checksum) ${Math.min(...split.validating).toFixed(2)} s`
      : `  in process, wall (best): validating pass ${Math.min(...split.validating).toFixed(2)} s, writing pass (with checksum) ${Math.min(...split.writing).toFixed(2)} s`,
  );
}
