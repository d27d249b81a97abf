/**
 * Brings a backup up in a fresh data folder (and, for PostgreSQL, an empty database): every file
 * checked against the manifest first, then the files and the database put in place. The start-up
 * reconcile (server/ingest/reconcileFiles.ts, reconcileMarketFiles.ts) then makes each year's
 * current file the version the restored database records.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import type { AppContext } from "../context.ts";
import { reconcilePracticeFiles } from "../ingest/reconcileFiles.ts";
import { reconcileMarketFiles } from "../ingest/reconcileMarketFiles.ts";
import { type BackupManifest, backupManifestSchema, MANIFEST_FILE, sha256Of } from "./manifest.ts";
import { postgresTool } from "./snapshot.ts";
import { removeUnrecordedFiles } from "./unrecordedFiles.ts";

export class RestoreError extends Error {}

export function readManifest(from: string): BackupManifest {
  const file = join(from, MANIFEST_FILE);
  if (!existsSync(file)) throw new RestoreError(`${from} has no ${MANIFEST_FILE}: not a Vitality backup`);
  const parsed = backupManifestSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new RestoreError(`${file} is not a Vitality backup manifest`);
  return parsed.data;
}

/** Every file the manifest lists, present with its size and checksum. */
function checkWhole(from: string, manifest: BackupManifest) {
  const entries = [
    { ...manifest.database, at: join(from, manifest.database.path) },
    ...manifest.files.map((file) => ({ ...file, at: join(from, "files", file.path) })),
  ];
  const bad = entries.filter((entry) => !existsSync(entry.at) || sha256Of(entry.at) !== entry.sha256);
  if (bad.length > 0)
    throw new RestoreError(
      `the backup is damaged: ${bad.length} file(s) missing or changed (${bad
        .slice(0, 5)
        .map((entry) => entry.path)
        .join(", ")})`,
    );
}

async function restorePostgres(url: string, dump: string) {
  const pgRestore = postgresTool("pg_restore");
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [{ count }] = (await client`
      SELECT count(*)::int AS count FROM pg_tables
      WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`) as unknown as [{ count: number }];
    if (count > 0)
      throw new RestoreError(
        `the database of DATABASE_URL has ${count} tables: restore into a new, empty database`,
      );
  } finally {
    await client.end({ timeout: 5 });
  }
  const child = Bun.spawn(
    [
      pgRestore,
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      `--dbname=${url}`,
      dump,
    ],
    { stdout: "ignore", stderr: "pipe" },
  );
  const [code, stderr] = await Promise.all([child.exited, new Response(child.stderr).text()]);
  if (code !== 0) throw new RestoreError(`pg_restore failed (exit ${code}): ${stderr.trim()}`);
}

export async function restoreBackup(input: { from: string; dataDir: string; databaseUrl?: string }) {
  const manifest = readManifest(input.from);
  if (manifest.backend === "postgres" && !input.databaseUrl)
    throw new RestoreError(
      "this backup is of a PostgreSQL database: set DATABASE_URL to a new, empty database",
    );
  if (manifest.backend === "pglite" && input.databaseUrl)
    throw new RestoreError("this backup is of the embedded database: unset DATABASE_URL to restore it");
  const dataDir = resolve(input.dataDir);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new RestoreError(`${input.dataDir} is not empty: restore into a new or empty folder`);
  checkWhole(input.from, manifest);

  mkdirSync(dataDir, { recursive: true });
  if (existsSync(join(input.from, "files"))) cpSync(join(input.from, "files"), dataDir, { recursive: true });
  const dump = join(input.from, manifest.database.path);
  if (manifest.backend === "postgres") {
    await restorePostgres(input.databaseUrl!, dump);
  } else {
    const tar = new Blob([readFileSync(dump)]);
    const restored = await PGlite.create(join(dataDir, "pglite"), { loadDataDir: tar });
    await restored.close();
  }
  return manifest;
}

/**
 * Once the restored database is open: the files of writes after the recovery point removed, and
 * each year's current file made the version the database records (as every start does).
 */
export async function settleRestoredFiles(
  context: Pick<AppContext, "config" | "database" | "clock" | "live" | "logger">,
) {
  const removed = await removeUnrecordedFiles(context);
  const practice = await reconcilePracticeFiles(context);
  const market = await reconcileMarketFiles(context);
  return {
    removed: removed.length,
    checked: practice.checked + market.checked,
    repaired: practice.repairs + market.repairs,
  };
}
