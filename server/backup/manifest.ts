/** A backup's manifest.json: what it holds, from when, and how to check it is whole. */
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

export const MANIFEST_FILE = "manifest.json";

const fileEntry = z.object({ path: z.string(), bytes: z.number(), sha256: z.string() });

export const backupManifestSchema = z.object({
  format: z.literal(1),
  appVersion: z.string(),
  backend: z.enum(["pglite", "postgres"]),
  startedAt: z.string(),
  /** The recovery point: the database's moment; the files agree with it after a restore. */
  snapshotAt: z.string(),
  finishedAt: z.string(),
  /** The migrations applied in the snapshot, by name (their hash when this build lacks one). */
  migrations: z.array(z.string()),
  database: fileEntry,
  /** Under files/: the data folder's files (paths relative to it). */
  files: z.array(fileEntry),
  /** Files the snapshot names that were gone from the data folder at every attempt. */
  missingNamedFiles: z.array(z.string()),
  totalBytes: z.number(),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

/** SHA-256 of a file, read a megabyte at a time (a year's Parquet may be large). */
export function sha256Of(path: string): string {
  const hasher = new Bun.CryptoHasher("sha256");
  const buffer = Buffer.alloc(1 << 20);
  const fd = openSync(path, "r");
  try {
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer))
      hasher.update(buffer.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hasher.digest("hex");
}

/** drizzle records a migration by its hash and its journal time: named from this build's journal. */
export function migrationNames(applied: { hash: string; createdAt: number }[]): string[] {
  const journal = JSON.parse(
    readFileSync(join(import.meta.dir, "..", "db", "migrations", "meta", "_journal.json"), "utf8"),
  ) as { entries: { when: number; tag: string }[] };
  const tags = new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
  return applied.map((migration) => tags.get(migration.createdAt) ?? migration.hash);
}
