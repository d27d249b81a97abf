import { randomUUID } from "node:crypto";
import { closeSync, copyFileSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import type { MarketKind } from "./contract.ts";
import type { Container } from "./sources/detect.ts";

/**
 * Where ingestion keeps things under DATA_DIR (see README.md). Every name here is generated: the
 * user's file name is stored in the database as metadata and never becomes a path.
 */
export const warehousePaths = {
  practiceLines: (dataDir: string, organisationId: string, year: number) =>
    join(dataDir, "warehouse", "practice", organisationId, String(year), "practice_lines.parquet"),
  marketCases: (dataDir: string, year: number, kind: Exclude<MarketKind, "DEMO">) =>
    join(dataDir, "warehouse", "market", String(year), `market_cases_${kind.toLowerCase()}.parquet`),
  demographics: (dataDir: string, year: number) =>
    join(dataDir, "warehouse", "market", String(year), "demographics.parquet"),
};

export function newWorkDir(dataDir: string) {
  const path = join(dataDir, "tmp", "ingest", randomUUID());
  mkdirSync(path, { recursive: true });
  return path;
}

export const removeDir = (path: string) => rmSync(path, { recursive: true, force: true });

/** Keeps an uploaded file under a generated name: uploads/<area>/<uuid>.<container>. */
export function storeUpload(dataDir: string, area: string, source: string, container: Container) {
  const storageName = `${randomUUID()}.${container}`;
  const path = join(dataDir, "uploads", area, storageName);
  mkdirSync(dirname(path), { recursive: true });
  copyFileSync(source, path);
  return { storageName, path };
}

function fsyncPath(path: string) {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Switches a new version in: the file is flushed to disk, then renamed over the old one (atomic on
 * one filesystem: a reader sees the old file or the new one, never a mix), then the folder is
 * flushed so the rename survives a power cut. The work folder is under DATA_DIR, so the rename
 * never crosses filesystems.
 */
export function switchIn(newFile: string, finalPath: string) {
  fsyncPath(newFile);
  mkdirSync(dirname(finalPath), { recursive: true });
  const beside = join(dirname(finalPath), `.${randomUUID()}.tmp`);
  // Copy/rename beside the target first so the final rename is within one folder.
  renameSync(newFile, beside);
  renameSync(beside, finalPath);
  fsyncPath(dirname(finalPath));
}
