import { mkdirSync, realpathSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { type DuckDBConnection, DuckDBInstance, type DuckDBValue } from "@duckdb/node-api";
import { openInstances } from "./openInstances.ts";

export type SqlValue = DuckDBValue;

/** A sandboxed DuckDB: it reads and writes inside the data folder only, and cannot be reconfigured. */
export interface DuckDb {
  readonly connection: DuckDBConnection;
  /** Runs a statement; values are always bound ($1, $2, ...), never spliced into the text. */
  run(sql: string, values?: SqlValue[]): Promise<void>;
  all<Row = Record<string, unknown>>(sql: string, values?: SqlValue[]): Promise<Row[]>;
  close(): void;
}

export interface DuckDbOptions {
  /** The only folder DuckDB may touch (DATA_DIR); spill files go to its tmp/duckdb subfolder. */
  dataDir: string;
  memoryLimit?: string;
  threads?: number;
  /** Files outside the data folder it may also read (an operator's input named on the command line). */
  readablePaths?: string[];
}

/** Quotes an identifier this code generated itself (table/column names of the contract). */
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Quotes a string literal. Only for values DuckDB cannot take as parameters (SET statements, COPY
 * targets, paths inside views) and that this code generated itself, never from a request or a file.
 */
export const quoteLiteral = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** A DuckDB connection wrapped as a DuckDb; `onClose` closes what else the wrapper owns. */
function wrapConnection(connection: DuckDBConnection, onClose: () => void): DuckDb {
  return {
    connection,
    async run(sql, values) {
      await connection.run(sql, values);
    },
    async all<Row>(sql: string, values?: SqlValue[]) {
      const reader = await connection.runAndReadAll(sql, values);
      return reader.getRowObjectsJS() as Row[];
    },
    close() {
      connection.closeSync();
      onClose();
    },
  };
}

/** A sandboxed instance that hands out several connections (temp views and tables are per connection). */
export interface SandboxedInstance {
  /** A new connection on the instance; its close() closes that connection only. */
  connect(): Promise<DuckDb>;
  close(): void;
}

export async function openSandboxedInstance(options: DuckDbOptions): Promise<SandboxedInstance> {
  mkdirSync(options.dataDir, { recursive: true });
  // DuckDB compares real paths: a symlinked temp folder (macOS /tmp) would otherwise be refused.
  const dataDir = realpathSync(options.dataDir);
  const spillDir = join(dataDir, "tmp", "duckdb");
  mkdirSync(spillDir, { recursive: true });
  const instance = await DuckDBInstance.create(":memory:");
  openInstances.opened(instance);
  const connection = await instance.connect();
  const threads = options.threads ?? Math.max(1, Math.min(8, availableParallelism()));
  // Order matters: the folder list is set while access is still open, then access is closed and the
  // configuration locked, so no later statement (or injected SQL) can widen it again. The settings
  // are the instance's: every later connection inherits them and cannot change them either.
  for (const statement of [
    `SET memory_limit = ${quoteLiteral(options.memoryLimit ?? "1GB")}`,
    `SET threads = ${Number(threads)}`,
    `SET temp_directory = ${quoteLiteral(spillDir)}`,
    "SET parquet_metadata_cache = true",
    // DuckDB's own copy of the bytes of every file read (on by default) kept each data version's
    // files after they were replaced and removed, until the memory limit pushed them out: +60 MB/h
    // of a two-hour soak with an extract a minute. The files are local: the system's page cache
    // already holds the ones in use.
    "SET enable_external_file_cache = false",
    `SET allowed_directories = [${quoteLiteral(`${dataDir}/`)}]`,
    ...(options.readablePaths?.length
      ? [
          `SET allowed_paths = [${options.readablePaths.map((path) => quoteLiteral(realpathSync(path))).join(", ")}]`,
        ]
      : []),
    "SET enable_external_access = false",
    "SET autoinstall_known_extensions = false",
    "SET autoload_known_extensions = false",
    "SET lock_configuration = true",
  ]) {
    await connection.run(statement);
  }
  connection.closeSync();
  return {
    async connect() {
      return wrapConnection(await instance.connect(), () => {});
    },
    close() {
      openInstances.closed(instance);
      instance.closeSync();
    },
  };
}

export async function openDuckDb(options: DuckDbOptions): Promise<DuckDb> {
  const sandboxed = await openSandboxedInstance(options);
  const duck = await sandboxed.connect();
  return wrapConnection(duck.connection, () => sandboxed.close());
}
