/**
 * A server process makes its organisation-years ready before it listens (issue 23).
 *
 * A fresh process under full load used to do its one-time work on the first requests: load the
 * analyses' modules (the plugin registry: 2 s of a blocked event loop at load 15), open the DuckDB
 * instance, build the zip centroid table, and for each organisation-year resolve its inputs
 * (several database queries) and read what the data pipeline kept for it. In the first seconds
 * every request was such a first, and they queued behind a blocked event loop (1m, 50
 * organisations, 100 users: uncached p95 4.5 s in the first 10 s). Here the process does that work
 * once before it listens, from what the data pipeline has already written (the derived files and
 * kept values): the registry and its charts' Vega (chartVega.ts), the organisations' snapshots
 * (organisationSnapshot.ts: years and resolved inputs, kept), newest year first (the screens open
 * it by default), the analyses' prepared rows while their cache has room, and the filter lists and
 * plugins' prepared values (querie9's flows, querie11's slices) for as many as their caches hold;
 * then every analysis is run on a few of them (warmUp.ts: the first users' answers run compiled code).
 * Answers from those need no DuckDB connection (executeKernel.ts), so no schema is made, except for
 * a value that is not kept (the pipeline has not reached that data), made on the
 * organisation-year's schema as a run would. Nothing else is written: an organisation-year whose
 * derived files are missing is left to its first run. Bounded by the instance's schema bound and a time budget
 * (`VITALITY_BIND_AT_START_SECONDS`; 0 turns it off): what is left is read on first use, as before.
 * A process stays stateless: this is memory made again from the shared data folder and database.
 */
import { existsSync } from "node:fs";
import { currentCacheLimits } from "../caches/limits.ts";
import type { AppContext } from "../context.ts";
import { organisations } from "../db/schema/index.ts";
import { zipCentroid } from "../geo/zipCentroids.ts";
import { bindRunRelations } from "./bindInputs.ts";
import { vegaOf } from "./chartVega.ts";
import { warmPreparedRows } from "./derived/preparedTables.ts";
import { leaseDuck, runPoolSize } from "./duckPool.ts";
import { DERIVED_RUN_THREADS, runContext } from "./executeKernel.ts";
import { listsOf } from "./filterLists.ts";
import type { CanonicalInputs } from "./inputs.ts";
import { organisationSnapshot } from "./organisationSnapshot.ts";
import { ORG_YEAR_SCHEMAS_PER_INSTANCE } from "./orgYearSchemas.ts";
import { pluginRegistry } from "./registry.ts";
import { engineSettings } from "./settings.ts";
import { warmUp } from "./warmUp.ts";

export interface BoundAtStart {
  /** Organisation-years made ready (their kept values read). */
  bound: number;
  /** Organisation-years left to their first run (derived files missing, or past the budget or bound). */
  left: number;
  /** Answers run to warm the analyses' code (warmUp.ts). */
  warmed: number;
  ms: number;
}

/** Organisations whose newest year the analyses are run on before listening (warmUp.ts). */
const WARM_UP_ORGANISATIONS = 2;

/** Organisation-years read between two collections asked for at start (Bun.gc(false): not waited for). */
const GC_EVERY = 8;

type StartContext = Pick<AppContext, "config" | "database"> & Partial<Pick<AppContext, "live">>;

const derivedFilesPresent = (inputs: CanonicalInputs) => {
  const derived = inputs.files.derived;
  return derived !== undefined && Object.values(derived).every((path) => existsSync(path));
};

/**
 * Binds every organisation-year it can within `budgetMs` (on `workers` pooled connections at once,
 * by default every connection of the pool), newest years first.
 */
export async function bindAtStart(
  context: StartContext,
  options: { budgetMs: number; workers?: number; maxSchemas?: number; warmUp?: boolean },
): Promise<BoundAtStart> {
  const started = performance.now();
  const deadline = started + options.budgetMs;
  const { dataDir } = context.config;
  const registry = await pluginRegistry();
  // Built on first use otherwise (42,000 zips): the drive-time and map analyses read it.
  zipCentroid("00000");
  // Compiled on the first manifest otherwise (90-108 ms of a blocked event loop, 16 charts).
  for (const plugin of registry.all()) for (const chart of plugin.view.charts) vegaOf(chart);
  const rows = await context.database.db.select({ id: organisations.id }).from(organisations);
  // Each organisation's years, newest first; then rank 0 (every newest year) before rank 1, ...
  const work: Array<{ organisationId: string; year: number; rank: number }> = [];
  for (const { id } of rows) {
    if (performance.now() > deadline) break;
    const snapshot = await organisationSnapshot(context.database, dataDir, id, context.live);
    const years = [...(snapshot?.years.availableYears ?? [])].reverse();
    years.forEach((year, rank) => {
      work.push({ organisationId: id, year, rank });
    });
  }
  work.sort((a, b) => a.rank - b.rank);
  const total = work.length;
  const planned = work
    .slice(0, options.maxSchemas ?? ORG_YEAR_SCHEMAS_PER_INSTANCE)
    .map((item, order) => ({ ...item, order }));
  const limits = currentCacheLimits();
  const settings = engineSettings();
  let bound = 0;
  const boundOrganisations = new Set<string>();
  // Each worker holds one connection of the pool the runs over derived files lease
  // (executeKernel.ts threadsFor), so every connection is opened and has its macros.
  const pool = { dataDir, threads: DERIVED_RUN_THREADS };
  const worker = async () => {
    const lease = await leaseDuck(pool);
    try {
      for (let item = planned.shift(); item; item = planned.shift()) {
        if (performance.now() > deadline) return;
        const snapshot = await organisationSnapshot(
          context.database,
          dataDir,
          item.organisationId,
          context.live,
        );
        if (!snapshot?.years.availableYears.includes(item.year)) continue;
        const { inputs } = await snapshot.resolve(item.year);
        if (!derivedFilesPresent(inputs)) continue;
        // The schema is made only if a value is not kept (the pipeline has not reached the data):
        // runs answer from the kept values without a connection (executeKernel.ts).
        let schema: Promise<() => void> | undefined;
        const connect = async () => {
          schema ??= bindRunRelations(lease.duck, inputs, lease.duck.bound);
          await schema;
          return lease.duck;
        };
        try {
          try {
            // What the first requests would read from the kept files is read now: the prepared rows
            // (within their cache's room) and, for as many organisation-years as their caches
            // hold, the filter lists and the plugins' prepared values (querie9's flows, querie11's
            // slices; their prepare steps read the files the pipeline kept).
            const values = item.order < limits.flowEntries;
            if (values) await listsOf(connect, inputs);
            for (const plugin of registry.all()) {
              if (values) await plugin.prepare?.(runContext(connect, plugin, inputs, settings));
              if (plugin.prepared && inputs.kept) await warmPreparedRows(plugin, inputs.kept);
            }
          } finally {
            (await schema?.catch(() => undefined))?.();
          }
          bound += 1;
          boundOrganisations.add(item.organisationId);
          // Parsing kept files at full speed leaves garbage faster than the collector runs by itself
          // (150 organisation-years took the process to 1.98 GB, collected to 1.09 GB 10 s later; a
          // collection asked for every 8: 1.41 GB, the start as long; a full one every 16: 1.19 GB,
          // but 12 s longer).
          if (bound % GC_EVERY === 0) Bun.gc(false);
        } catch {
          // As after a failed run: nothing the connection bound is trusted; the first run tries again.
          lease.duck.bound.clear();
        }
      }
    } finally {
      lease.release();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.workers ?? runPoolSize(pool)) }, worker));
  const warmed =
    options.warmUp === false
      ? 0
      : await warmUp(context, registry, [...boundOrganisations].slice(0, WARM_UP_ORGANISATIONS), deadline);
  // What reading left is collected before the first request rather than during the first seconds
  // of traffic: once the kept files were read faster, the collector's catching up after the start
  // held the first 10 s of the tenant bench at p95 184-327 ms against 63-95 (50 organisations).
  Bun.gc(true);
  return { bound, left: total - bound, warmed, ms: performance.now() - started };
}
