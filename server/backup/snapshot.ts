/**
 * The database half of a backup: one consistent snapshot, and what that snapshot names on disk
 * (read from the same snapshot, so the files copied afterwards are checked against it).
 */
import { writeFileSync } from "node:fs";
import postgres from "postgres";
import type { Database } from "../db/client.ts";
import { warehousePaths } from "../ingest/storage.ts";

export interface SnapshotContents {
  /** Files under the data folder (relative paths) the snapshot's rows name: they must be copied. */
  namedFiles: string[];
  /** drizzle's record of the applied migrations: their hashes, oldest first. */
  migrations: { hash: string; createdAt: number }[];
}

/** The snapshot's contents and its moment: everything committed before it is in, nothing after. */
export interface Snapshot extends SnapshotContents {
  takenAt: Date;
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Run inside the snapshot: every kept version the rows name, and the migrations applied. */
export async function readContents(query: Query): Promise<SnapshotContents> {
  const practice = await query(
    "SELECT organisation_id::text AS organisation_id, year, storage_name FROM practice_year_versions",
  );
  // The newest accepted upload per kind and year is the one the start-up reconcile puts back.
  const market = await query(
    `SELECT DISTINCT ON (kind, year) id::text AS id, year FROM advisory_board_uploads
     WHERE state = 'accepted' ORDER BY kind, year, data_version DESC`,
  );
  const migrations = await query(
    "SELECT hash, created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY created_at",
  );
  return {
    namedFiles: [
      ...practice.map((row) =>
        warehousePaths.practiceVersion(
          "",
          String(row.organisation_id),
          Number(row.year),
          String(row.storage_name),
        ),
      ),
      ...market.map((row) => warehousePaths.marketVersion("", Number(row.year), String(row.id))),
    ].map((path) => path.replace(/^\//, "")),
    migrations: migrations.map((row) => ({ hash: String(row.hash), createdAt: Number(row.created_at) })),
  };
}

/**
 * PGlite: its data folder as a tar taken under PGlite's query lock (no statement runs meanwhile;
 * an open transaction is in the image uncommitted and rolled back when it is loaded). The tar is
 * loaded into an in-memory PGlite in a worker (imageContents.worker.ts) to read what it names,
 * which also proves it loads.
 */
export async function snapshotPglite(database: Database, target: string): Promise<Snapshot> {
  if (!database.dumpDataDir) throw new Error("this database cannot dump its data folder");
  const tar = await database.dumpDataDir();
  const takenAt = new Date();
  const image = await tar.arrayBuffer();
  writeFileSync(target, new Uint8Array(image));
  const worker = new Worker(new URL("./imageContents.worker.ts", import.meta.url));
  try {
    const answer = await new Promise<{ contents?: SnapshotContents; error?: string }>((resolve, reject) => {
      worker.onmessage = (event) => resolve(event.data);
      worker.onerror = (event) => reject(new Error(`the database image could not be read: ${event.message}`));
      worker.postMessage(image, [image]);
    });
    if (!answer.contents) throw new Error(`the database image could not be read: ${answer.error}`);
    return { ...answer.contents, takenAt };
  } finally {
    worker.terminate();
  }
}

export class MissingToolError extends Error {}

/** The path of a PostgreSQL client program, or a clear error naming what to install. */
export function postgresTool(name: "pg_dump" | "pg_restore"): string {
  const path = Bun.which(name);
  if (!path)
    throw new MissingToolError(
      `${name} was not found on PATH: install the PostgreSQL client programs (Debian: apt-get install postgresql-client, of the server's major version or newer)`,
    );
  return path;
}

/**
 * PostgreSQL: a repeatable-read transaction exports its snapshot; pg_dump (custom format) dumps
 * exactly that snapshot while the same transaction reads what it names. Writers go on meanwhile.
 */
export async function snapshotPostgres(url: string, target: string): Promise<Snapshot> {
  const pgDump = postgresTool("pg_dump");
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const connection = await client.reserve();
    try {
      await connection`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`;
      const [{ id }] = (await connection`SELECT pg_export_snapshot() AS id`) as unknown as [{ id: string }];
      const takenAt = new Date();
      const dump = Bun.spawn([pgDump, "--format=custom", `--snapshot=${id}`, `--file=${target}`, url], {
        stdout: "ignore",
        stderr: "pipe",
      });
      const contents = await readContents(async (text) => [...(await connection.unsafe(text))]);
      const [code, stderr] = await Promise.all([dump.exited, new Response(dump.stderr).text()]);
      await connection`COMMIT`;
      if (code !== 0) throw new Error(`pg_dump failed (exit ${code}): ${stderr.trim()}`);
      return { ...contents, takenAt };
    } finally {
      connection.release();
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}
