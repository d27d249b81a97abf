/**
 * A consistent copy of a running deployment (docs/operations.md, "Backups and restore"): the
 * database snapshot first, then the data folder's files. Files are written once under their own
 * names (a kept version, an upload, a picture) and a current file is only ever renamed over, so
 * every file the snapshot names is already on disk when the snapshot is taken; the copy that
 * follows may also catch newer files, which the database of the snapshot does not name: a
 * restore's start-up reconcile and sweeps put the recorded versions back and drop the rest. A
 * named file removed between the snapshot and its copy (a year removed, a market file replaced)
 * makes the whole backup start again.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { open } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { type BackupManifest, MANIFEST_FILE, migrationNames, sha256Of } from "./manifest.ts";
import { type Snapshot, snapshotPglite, snapshotPostgres } from "./snapshot.ts";

/** Not copied: the embedded database (in the snapshot), scratch work, and the backup channel. */
const SKIPPED_TOP_LEVEL = new Set(["pglite", "tmp", "run"]);
const ATTEMPTS = 3;

export interface BackupSource {
  config: Pick<Config, "dataDir" | "databaseUrl">;
  database: Database;
}

function filesUnder(root: string, skip: (path: string) => boolean): string[] {
  if (!existsSync(root)) return [];
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (skip(path)) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) found.push(path);
    }
  };
  walk(root);
  return found;
}

/**
 * Copies `source` to `target` 4 MB at a time, hashing what it copies: one read of each file,
 * and the server's event loop turns between chunks (on PGlite the server itself takes the backup:
 * a synchronous copy held every request for the whole copy, 7.7 s of 957 MB in the soak).
 */
async function copyHashed(source: string, target: string) {
  const input = await open(source, "r");
  try {
    const output = await open(target, "w");
    try {
      const hasher = new Bun.CryptoHasher("sha256");
      // 4 MB: each chunk waits its turn behind the requests (1 MB chunks copied 1.7 GB in 60 s beside the
      // soak); hashing one holds the event loop about 10 ms.
      const buffer = Buffer.alloc(4 << 20);
      let bytes = 0;
      for (;;) {
        const { bytesRead } = await input.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) break;
        const chunk = buffer.subarray(0, bytesRead);
        hasher.update(chunk);
        await output.write(chunk);
        bytes += bytesRead;
      }
      return { bytes, sha256: hasher.digest("hex") };
    } finally {
      await output.close();
    }
  } finally {
    await input.close();
  }
}

/** Copies the data folder's files into `target`; a file gone before its copy is left out. */
async function copyDataFiles(dataDir: string, target: string, outDir: string) {
  const root = resolve(dataDir);
  const skip = (path: string) => {
    const rel = relative(root, path);
    return SKIPPED_TOP_LEVEL.has(rel.split(sep)[0]!) || resolve(path) === outDir;
  };
  const copied: { path: string; bytes: number; sha256: string }[] = [];
  for (const source of filesUnder(root, skip)) {
    const rel = relative(root, source);
    const copy = join(target, rel);
    mkdirSync(dirname(copy), { recursive: true });
    try {
      copied.push({ path: rel.split(sep).join("/"), ...(await copyHashed(source, copy)) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
  }
  return copied;
}

async function snapshot(source: BackupSource, target: string): Promise<Snapshot> {
  return source.config.databaseUrl
    ? snapshotPostgres(source.config.databaseUrl, target)
    : snapshotPglite(source.database, target);
}

/** Takes the backup into `outDir` (absent or empty); answers its manifest. */
export async function takeBackup(
  source: BackupSource,
  outDir: string,
  options: {
    /** Tests: writers act between the snapshot and the copy. */
    afterSnapshot?: () => Promise<void>;
  } = {},
): Promise<BackupManifest> {
  const out = resolve(outDir);
  if (existsSync(out) && readdirSync(out).length > 0)
    throw new Error(`${outDir} is not empty: give a new or empty folder`);
  const started = new Date();
  const backend = source.config.databaseUrl ? "postgres" : "pglite";
  const databaseFile = backend === "postgres" ? "database/postgres.dump" : "database/pglite.tar";
  for (let attempt = 1; ; attempt++) {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(join(out, "database"), { recursive: true });
    const contents = await snapshot(source, join(out, databaseFile));
    await options.afterSnapshot?.();
    const files = await copyDataFiles(source.config.dataDir, join(out, "files"), out);
    const copied = new Set(files.map((file) => file.path));
    const missing = contents.namedFiles.filter((path) => !copied.has(path));
    if (missing.length > 0 && attempt < ATTEMPTS) continue;
    const manifest: BackupManifest = {
      format: 1,
      appVersion: appVersion(),
      backend,
      startedAt: started.toISOString(),
      snapshotAt: contents.takenAt.toISOString(),
      finishedAt: new Date().toISOString(),
      migrations: migrationNames(contents.migrations),
      database: {
        path: databaseFile,
        bytes: statSync(join(out, databaseFile)).size,
        sha256: sha256Of(join(out, databaseFile)),
      },
      files,
      missingNamedFiles: missing,
      totalBytes: statSync(join(out, databaseFile)).size + files.reduce((sum, file) => sum + file.bytes, 0),
    };
    await Bun.write(join(out, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  }
}

function appVersion(): string {
  const file = join(import.meta.dir, "..", "..", "package.json");
  return String(JSON.parse(readFileSync(file, "utf8")).version);
}
