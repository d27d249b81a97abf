/**
 * Long-lived sandboxed DuckDB connections for analysis runs, one pool per data folder. Opening an
 * instance and re-applying the sandbox costs milliseconds on every run; a pooled connection is
 * leased, used and handed back. The sandbox (allowed_directories, no external access, locked
 * configuration) is the instance's, so every connection has it. Temp views and tables are per
 * connection, so two runs never see each other's bindings; a run rebinds what it reads (and
 * executeKernel drops what it materialised) before the connection is leased again.
 * A pool closes itself after a while without runs (tests make many data folders).
 */
import { existsSync, mkdirSync, realpathSync } from "node:fs";
import { availableParallelism } from "node:os";
import { z } from "zod";
import { registerCache } from "../caches/registry.ts";
import { type DuckDb, openSandboxedInstance, type SandboxedInstance } from "../duckdb/open.ts";
import { OrgYearSchemas } from "./orgYearSchemas.ts";

/** Per-connection memo of what is already bound (bindInputs skips re-creating identical relations). */
export interface PooledDuck extends DuckDb {
  bound: Map<string, string>;
  /** The organisation-years bound in the pool's instance, shared by its connections. */
  schemas: OrgYearSchemas;
}

interface Pool {
  instance: Promise<SandboxedInstance>;
  schemas: OrgYearSchemas;
  idle: PooledDuck[];
  all: PooledDuck[];
  waiting: Array<(duck: PooledDuck) => void>;
  size: number;
  active: number;
  /** Connections being opened: counted against `size` before the await, so concurrent leases cannot overshoot it. */
  opening: number;
  timer?: ReturnType<typeof setTimeout>;
}

/** In lease order, least recently leased first (a lease moves its pool to the end). */
const pools = new Map<string, Pool>();
const IDLE_CLOSE_MS = 60_000;
/**
 * Pools open at once: a server has one data folder, so one pool (two with a thread setting of its
 * own); tests and tools that open many folders close the least recently leased idle pool first.
 */
export const MAX_POOLS = 4;
const DEFAULT_POOL_SIZE = Math.max(2, Math.min(4, availableParallelism()));

/**
 * Connections of a pool whose runs use one thread each (the runs over derived files,
 * executeKernel.ts): as many as for the other pools (one per core, 2 to 4), or
 * VITALITY_RUN_CONNECTIONS. Measured (issue 23, bench/README "tenants"): 4 connections on 2
 * cores made each kernel 3-4x slower (213 against 57 ms mean) and served fewer answers a second,
 * so the queue is shortened by less work per first request (bindAtStart.ts), not by more
 * connections; the setting is there to measure other machines.
 */
export function singleThreadPoolSize(
  env: Record<string, string | undefined> = process.env,
  cores = availableParallelism(),
) {
  const set = env.VITALITY_RUN_CONNECTIONS;
  if (set !== undefined && set !== "") {
    const parsed = z.coerce.number().int().min(1).max(64).safeParse(set);
    if (!parsed.success)
      throw new Error(`Invalid configuration: VITALITY_RUN_CONNECTIONS: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  }
  return Math.max(2, Math.min(4, cores));
}
const SINGLE_THREAD_POOL_SIZE = singleThreadPoolSize();
/**
 * DuckDB's memory limit for a pool of single-thread runs: they read the derived files (tens of
 * thousands of rows per organisation-year), and the limit also bounds what the instance keeps of
 * the files it read. Runs that write a derived file use the all-threads pool (1 GB).
 */
const SINGLE_THREAD_MEMORY_LIMIT = "512MB";

registerCache({
  name: "duckPools",
  size: () => pools.size,
  max: () => MAX_POOLS,
});
registerCache({
  name: "duckConnections",
  size: () => [...pools.values()].reduce((total, pool) => total + pool.all.length, 0),
  max: () => MAX_POOLS * Math.max(DEFAULT_POOL_SIZE, SINGLE_THREAD_POOL_SIZE),
});

/** The data folders (real paths) with an open pool, least recently leased first (tests). */
export function openDuckPoolFolders() {
  return [...pools.keys()].map((key) => key.slice(0, key.lastIndexOf("|")));
}

/** Past MAX_POOLS, the least recently leased pools nobody is using are closed. */
function closeSurplusPools() {
  for (const [key, pool] of pools) {
    if (pools.size < MAX_POOLS) return;
    if (pool.active === 0 && pool.waiting.length === 0) closePool(key, pool);
  }
}

export interface PoolOptions {
  dataDir: string;
  threads?: number;
  /** Connections of the pool: runs beyond it wait for one to be handed back. */
  size?: number;
}

/** The folder's real path (the sandbox compares real paths); a folder not made yet is taken as named. */
function realDir(dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  return realpathSync(dataDir);
}

const poolKey = (options: PoolOptions) => `${realDir(options.dataDir)}|${options.threads ?? ""}`;

function poolOf(options: PoolOptions): Pool {
  const key = poolKey(options);
  let pool = pools.get(key);
  if (pool) {
    pools.delete(key);
    pools.set(key, pool);
  } else {
    closeSurplusPools();
    pool = {
      instance: openSandboxedInstance({
        dataDir: options.dataDir,
        threads: options.threads,
        memoryLimit: options.threads === 1 ? SINGLE_THREAD_MEMORY_LIMIT : undefined,
      }),
      schemas: new OrgYearSchemas(),
      idle: [],
      all: [],
      waiting: [],
      // All-threads runs: as many as cores, each DuckDB query is parallel already.
      size: options.size ?? (options.threads === 1 ? SINGLE_THREAD_POOL_SIZE : DEFAULT_POOL_SIZE),
      active: 0,
      opening: 0,
    };
    pools.set(key, pool);
  }
  return pool;
}

function scheduleIdleClose(key: string, pool: Pool) {
  clearTimeout(pool.timer);
  pool.timer = setTimeout(() => {
    if (pool.active === 0 && pools.get(key) === pool) closePool(key, pool);
  }, IDLE_CLOSE_MS);
  pool.timer.unref?.();
}

function closePool(key: string, pool: Pool) {
  pools.delete(key);
  clearTimeout(pool.timer);
  for (const duck of pool.all) duck.close();
  void pool.instance.then((instance) => instance.close()).catch(() => {});
}

/** The connections the data folder's pool opens at most. */
export function runPoolSize(options: PoolOptions): number {
  return poolOf(options).size;
}

/** The organisation-year schemas of the data folder's pool (made on first use, like the pool). */
export function poolSchemas(options: PoolOptions): OrgYearSchemas {
  return poolOf(options).schemas;
}

export interface Lease {
  duck: PooledDuck;
  release(): void;
}

/** A connection of the data folder's pool; release() hands it back (call it in a finally). */
export async function leaseDuck(options: PoolOptions): Promise<Lease> {
  const key = poolKey(options);
  const pool = poolOf(options);
  clearTimeout(pool.timer);
  pool.active += 1;
  let duck = pool.idle.pop();
  // The slot is taken before the await: checking pool.all alone let every lease of a burst (the
  // tenant bench's 100 first requests) open its own connection, 66 of a pool of 2.
  if (!duck && pool.all.length + pool.opening < pool.size) {
    pool.opening += 1;
    try {
      const connection = await (await pool.instance).connect();
      duck = Object.assign(connection, { bound: new Map<string, string>(), schemas: pool.schemas });
      pool.all.push(duck);
    } finally {
      pool.opening -= 1;
    }
  }
  duck ??= await new Promise<PooledDuck>((resolve) => pool.waiting.push(resolve));
  let released = false;
  const leased = duck;
  return {
    duck: leased,
    release() {
      if (released) return;
      released = true;
      pool.active -= 1;
      const next = pool.waiting.shift();
      if (next) next(leased);
      else pool.idle.push(leased);
      if (pool.active === 0) scheduleIdleClose(key, pool);
    },
  };
}

/** Closes the pool of a data folder (a test harness removing its folder), or every pool. */
export function closeDuckPools(dataDir?: string) {
  for (const [key, pool] of [...pools]) {
    const dir = dataDir === undefined ? undefined : existsSync(dataDir) ? realpathSync(dataDir) : dataDir;
    if (dir === undefined || key.startsWith(`${dir}|`)) closePool(key, pool);
  }
}
