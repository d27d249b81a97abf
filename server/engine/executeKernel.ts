import { existsSync } from "node:fs";
import type { DuckDb } from "../duckdb/open.ts";
import { bindInputs, relationsKey } from "./bindInputs.ts";
import { keptPreparedRows } from "./derived/preparedTables.ts";
import { leaseDuck, poolSchemas } from "./duckPool.ts";
import { listsOf } from "./filterLists.ts";
import type { Filters } from "./filters.ts";
import type { CanonicalInputs, KernelInputs } from "./inputs.ts";
import type { Plugin, PluginResult, PrepareContext } from "./plugin.ts";
import type { EngineSettings } from "./settings.ts";
import { type DuckSource, sqlRunnerOnDemand } from "./sqlRunner.ts";

export interface KernelRunOptions {
  /** DATA_DIR: the only folder the DuckDB of the run may read. */
  dataDir: string;
  settings: EngineSettings;
  threads?: number;
  /** Told the milliseconds of each step (wait for a connection, bind, kernel): the Server-Timing header. */
  timings?: RunTimings;
  /**
   * Called when the analysis's prepared rows were never made for this data version (the kernel
   * answers): the run service asks the data pipeline to make them.
   */
  notPrepared?: () => void;
}

/** Milliseconds per step of one answer, in the order they happened (Server-Timing, the tenant bench). */
export type RunTimings = Record<string, number>;

/**
 * Threads of a run's DuckDB. A run over the derived files reads a few tens of thousands of rows in
 * one row group, which one thread scans; a second thread only adds task scheduling and, on a busy
 * machine, waiting for the slower thread (1m, load 10: querie10 38 -> 15 ms, querie1 CPU 25 -> 23
 * ms). A run that has to write a derived file first, or has none (tests, schemes), scans the whole
 * market and gets the instance default (all cores, up to 8).
 */
export const DERIVED_RUN_THREADS = 1;

function threadsFor(inputs: CanonicalInputs) {
  const derived = inputs.files.derived;
  if (!derived) return undefined;
  return Object.values(derived).every((path) => existsSync(path)) ? DERIVED_RUN_THREADS : undefined;
}

const kernelInputs = (inputs: CanonicalInputs): KernelInputs => ({
  year: inputs.year,
  referenceYear: inputs.referenceYear,
  dimensions: inputs.dimensions,
  zipPolygon: inputs.zipPolygon,
  kept: inputs.kept,
  availableYears: inputs.availableYears,
});

/**
 * What a kernel (or a plugin's prepare step) reads besides the filters. Its SQL asks `duck` for the
 * connection at its first statement: a kernel that answers from values kept for its
 * organisation-year (querie9's flows, querie11's slices, the filter lists) runs none.
 */
export function runContext(
  duck: DuckSource,
  plugin: Plugin,
  inputs: CanonicalInputs,
  settings: EngineSettings,
): PrepareContext {
  return {
    sql: sqlRunnerOnDemand(duck, plugin.dir),
    inputs: kernelInputs(inputs),
    settings,
    filterLists: () => listsOf(duck, inputs),
  };
}

/**
 * One answer. An analysis with prepared tables (plugin.ts `prepared`) over an organisation-year
 * with kept values answers from its rows, held in memory or read from the file the data pipeline
 * kept. Otherwise (no prepared tables, or rows never made for this data version) its kernel runs.
 * Either way a connection is leased and bound only when SQL is run (boundConnection): querie9's
 * and querie11's kernels narrow their kept flows and slices without one, as the filter lists are
 * read from their kept file.
 */
export async function executeKernel<Result extends PluginResult>(
  plugin: Plugin<Result>,
  inputs: CanonicalInputs,
  filters: Filters,
  options: KernelRunOptions,
): Promise<Result> {
  const { prepared } = plugin;
  const timings = options.timings;
  const started = performance.now();
  const tables = prepared && inputs.kept ? await keptPreparedRows(plugin, inputs.kept) : undefined;
  if (prepared && !tables && inputs.kept) options.notPrepared?.();
  const answering = performance.now();
  if (timings && tables) timings.prepared = answering - started;
  let connection: Promise<BoundConnection> | undefined;
  const connect = () => {
    connection ??= boundConnection(plugin, inputs, filters, options);
    return connection.then((bound) => bound.duck);
  };
  const context = runContext(connect, plugin, inputs, options.settings);
  let failed = false;
  try {
    // An answer from prepared tables is given no SQL runner: only the filter lists may need a connection.
    return await (prepared && tables
      ? prepared.answer({
          filters,
          tables,
          inputs: context.inputs,
          settings: context.settings,
          filterLists: context.filterLists,
        })
      : plugin.kernel({ ...context, filters }));
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    const bound = await connection?.catch(() => undefined);
    await bound?.release(failed);
    if (timings) timings.kernel = (timings.kernel ?? 0) + performance.now() - answering - (bound?.ms ?? 0);
  }
}

interface BoundConnection {
  duck: DuckDb;
  /** Milliseconds spent leasing, binding and materialising (each step in the run's timings). */
  ms: number;
  /** Hands the connection back; after a failure nothing it has bound is trusted. */
  release(failed: boolean): Promise<void>;
}

/**
 * A leased connection of the data folder's sandboxed DuckDB pool (duckPool.ts) with the inputs and
 * filters bound. Temp views and tables are per connection, so concurrent runs stay independent;
 * what this run materialised is dropped before the connection is handed back.
 */
async function boundConnection(
  plugin: Plugin,
  inputs: CanonicalInputs,
  filters: Filters,
  options: KernelRunOptions,
): Promise<BoundConnection> {
  const timings = options.timings;
  const started = performance.now();
  let mark = started;
  /** Adds the time since the last step to `step`. */
  const lap = (step: string) => {
    const now = performance.now();
    if (timings) timings[step] = (timings[step] ?? 0) + now - mark;
    mark = now;
  };
  const poolOptions = { dataDir: options.dataDir, threads: options.threads ?? threadsFor(inputs) };
  // Another run making this organisation-year's schema is waited for without a connection: the
  // first seconds of a process bring several runs of each organisation-year at once.
  const beingMade = poolSchemas(poolOptions).beingMade(relationsKey(inputs));
  if (beingMade) {
    await beingMade;
    lap("schema");
  }
  const lease = await leaseDuck(poolOptions);
  lap("wait");
  const duck = lease.duck;
  const materialised: string[] = [];
  let releaseSchema: (() => void) | undefined;
  const release = async (failed: boolean) => {
    try {
      for (const table of materialised) await duck.run(`DROP TABLE IF EXISTS ${table}`);
    } catch {
      failed = true;
    }
    // After a failure nothing the connection has bound is trusted: the next run binds it all again.
    if (failed) duck.bound.clear();
    releaseSchema?.();
    lease.release();
  };
  try {
    const schemaBefore = timings?.schema ?? 0;
    releaseSchema = await bindInputs(duck, inputs, filters, duck.bound, timings);
    lap("bind");
    // The schema's part of the bind is its own step.
    if (timings) timings.bind = (timings.bind ?? 0) - ((timings.schema ?? 0) - schemaBefore);
    for (const view of plugin.materialise ?? []) {
      // The table is filled from the view first, then the view reads the table: same name, one scan.
      duck.bound.delete("base_views");
      materialised.push(`${view}_materialised`);
      await duck.run(`CREATE OR REPLACE TEMP TABLE ${view}_materialised AS SELECT * FROM ${view}`);
      await duck.run(`CREATE OR REPLACE TEMP VIEW ${view} AS SELECT * FROM ${view}_materialised`);
    }
    if (plugin.materialise?.length) lap("materialise");
  } catch (error) {
    await release(true);
    throw error;
  }
  return { duck, ms: performance.now() - started, release };
}
