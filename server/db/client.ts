import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import type { Logger } from "../logger.ts";
import { copyMigratedTemplate } from "./pgliteTemplate.ts";
import { renewingPool } from "./renewingPool.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** The drizzle handle: the same type whichever backend is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  readonly db: Db;
  readonly backend: "pglite" | "postgres";
  /** Runs raw SQL with bound parameters ($1, $2, ...); used by pg-boss's adapter and LISTEN/NOTIFY. */
  execute<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (pg-boss's migrations). */
  exec(text: string): Promise<Record<string, unknown>[]>;
  /**
   * Subscribes to a NOTIFY channel; resolves to an unsubscribe function. `onListen` is called each
   * time the subscription is in place: once, then again after PostgreSQL's listening connection was
   * lost and made again (NOTIFYs sent in between were never heard).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onListen?: () => void,
  ): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * PGlite only: its data folder as a tar, taken while no statement runs (PGlite's own query
   * lock), so a consistent image of a moment between statements (server/backup/).
   */
  dumpDataDir?(): Promise<Blob>;
  /**
   * PGlite only: the size of its WebAssembly memory, bytes (PostgreSQL's shared buffers, caches and
   * work memory inside this process). WebAssembly memory grows and never shrinks.
   */
  wasmMemoryBytes?(): number;
  /** PostgreSQL only: how many times its pool was replaced for broken connections (renewingPool.ts). */
  poolReplacements?(): number;
  close(): Promise<void>;
}

/** Seconds a new PostgreSQL connection may take before the attempt fails (pg-boss's pool too). */
export const CONNECT_TIMEOUT_SECONDS = 5;

const migrationsFolder = join(import.meta.dir, "migrations");
/** Any fixed number: serialises migrations when several processes start against one PostgreSQL. */
const MIGRATION_LOCK = 7_231_004;

export interface OpenOptions {
  /** postgres:// URL; absent means the embedded PGlite database in `dataDir`. */
  databaseUrl?: string;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  max?: number;
  /** Where PostgreSQL's pool says it was replaced (renewingPool.ts). */
  logger?: Logger;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.max ?? 10, options.logger)
    : openPglite(options.dataDir);
}

/** Opens (or initialises) the embedded database at `location` and brings its schema up to date. */
async function openMigratedPglite(location: string) {
  const client = await PGlite.create(location);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { client, db };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  let location = "memory://";
  if (dataDir && dataDir !== "memory://") {
    location = join(dataDir, "pglite");
    mkdirSync(location, { recursive: true });
    if (readdirSync(location).length === 0)
      await copyMigratedTemplate(location, migrationsFolder, async (folder) => {
        await (await openMigratedPglite(folder)).client.close();
      });
  }
  const { client, db } = await openMigratedPglite(location);
  return {
    db,
    backend: "pglite",
    async execute(text, params = []) {
      const result = await client.query(text, params);
      return result.rows as never;
    },
    async exec(text) {
      const results = await client.exec(text);
      return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
    },
    async listen(channel, onPayload, onListen) {
      // In process: the subscription is never lost.
      const unsubscribe = await client.listen(channel, onPayload);
      onListen?.();
      return async () => unsubscribe();
    },
    async notify(channel, payload) {
      await client.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    async dumpDataDir() {
      return client.dumpDataDir("none");
    },
    wasmMemoryBytes() {
      // The Emscripten module is PGlite's own (protected) field; its memory is what PostgreSQL holds.
      const { mod } = client as unknown as { mod?: { wasmMemory?: WebAssembly.Memory } };
      return mod?.wasmMemory?.buffer.byteLength ?? 0;
    },
    async close() {
      await client.close();
    },
  };
}

async function openPostgres(url: string, max: number, logger?: Logger): Promise<Database> {
  // A connection attempt gives up after 5 s (postgres.js waits 30 s): while PostgreSQL restarts,
  // a request answers 503 within seconds instead of waiting half a minute for its connection.
  const settings = { max, onnotice: () => {}, connect_timeout: CONNECT_TIMEOUT_SECONDS };
  // The pool is replaced when some of its connections stay broken after a restart (renewingPool.ts).
  const pool = renewingPool(url, settings, {
    // drizzle sets its date and JSON parsers on the client it wraps: each new pool gets them too.
    configure: (sql) => void drizzlePostgres(sql),
    onReplaced: (fields) =>
      logger?.warn("database pool replaced: its connections kept failing while a new one answered", fields),
  });
  // LISTEN has a connection of its own (postgres.js reconnects it and listens again): an instance
  // apart from the pool, so that replacing the pool does not end the subscriptions.
  const listener = postgres(url, settings);
  const db = drizzlePostgres(pool.client, { schema }) as unknown as Db;
  // The lock is held by one reserved connection while the pool migrates, so a second process waits.
  const lockHolder = await pool.current().reserve();
  try {
    await lockHolder`SELECT pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(db as never, { migrationsFolder });
  } finally {
    await lockHolder`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`;
    lockHolder.release();
  }
  return {
    db,
    backend: "postgres",
    async execute(text, params = []) {
      return (await pool.client.unsafe(text, params as never[])) as never;
    },
    async exec(text) {
      // Without parameters postgres.js uses the simple protocol, which accepts several statements.
      const results = (await pool.client.unsafe(text)) as unknown as
        | Record<string, unknown>[]
        | Record<string, unknown>[][];
      const last = Array.isArray(results[0]) ? (results.at(-1) as Record<string, unknown>[]) : results;
      return [...(last as Record<string, unknown>[])];
    },
    async listen(channel, onPayload, onListen) {
      // postgres.js listens again on a new connection when its connection closes, and says so.
      const subscription = await listener.listen(channel, onPayload, onListen);
      return () => subscription.unlisten();
    },
    async notify(channel, payload) {
      await pool.watch(pool.current().notify(channel, payload));
    },
    poolReplacements: () => pool.replacements(),
    async close() {
      await Promise.all([pool.end(), listener.end({ timeout: 5 })]);
    },
  };
}

/** True when the database answers; used by /api/health. */
export async function databaseAlive(database: Database): Promise<boolean> {
  try {
    await database.db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}
