import { randomUUID } from "node:crypto";
import {
  closeSync,
  copyFileSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
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
  /** An accepted version of a year, kept for a restore (section 9: nothing lost). */
  practiceVersion: (dataDir: string, organisationId: string, year: number, storageName: string) =>
    join(dataDir, "warehouse", "practice", organisationId, String(year), "versions", storageName),
  /**
   * The normalised file of an accepted market upload, kept under the upload's id while it is the
   * current one: the start-up reconcile puts it back over a switch-in that never committed.
   */
  marketVersion: (dataDir: string, year: number, uploadId: string) =>
    join(dataDir, "warehouse", "market", String(year), "versions", `${uploadId}.parquet`),
  /** The rows an upload set aside on request, with their reasons. */
  rejectedRows: (dataDir: string, organisationId: string, storageName: string) =>
    join(dataDir, "uploads", "practice", organisationId, "rejected", storageName),
  upload: (dataDir: string, area: string, storageName: string) => join(dataDir, "uploads", area, storageName),
};

/**
 * Keeps a copy of a file switched in as a version: a hard link (same bytes, no copy; a later
 * rename over the current file leaves it intact), or a copy where links are not possible.
 */
export function keepCopy(source: string, target: string) {
  mkdirSync(dirname(target), { recursive: true });
  try {
    linkSync(source, target);
  } catch {
    copyFileSync(source, target);
  }
}

/**
 * A scratch folder for one job, owned by this process: `owner.json` names the process and the
 * uploads it serves, so a start-up sweep can tell the folders of a process that died (kill -9, a
 * crash) from those of a live one sharing the data folder (sweep.ts).
 */
export function newWorkDir(dataDir: string, uploadIds: string[] = []) {
  const path = join(dataDir, "tmp", "ingest", randomUUID());
  mkdirSync(path, { recursive: true });
  try {
    writeOwner(path, uploadIds);
  } catch (error) {
    // A full disk: no folder without its owner is left for the sweep to wonder about.
    removeDir(path);
    throw error;
  }
  return path;
}

export const ownerFile = "owner.json";
export function writeOwner(dir: string, uploadIds: string[] = []) {
  writeFileSync(join(dir, ownerFile), JSON.stringify({ pid: process.pid, host: hostname(), uploadIds }));
}

export const removeDir = (path: string) => rmSync(path, { recursive: true, force: true });

/** Keeps an uploaded file under a generated name: uploads/<area>/<uuid>.<container>. */
export function storeUpload(dataDir: string, area: string, source: string, container: Container) {
  const storageName = `${randomUUID()}.${container}`;
  const path = join(dataDir, "uploads", area, storageName);
  mkdirSync(dirname(path), { recursive: true });
  try {
    copyFileSync(source, path);
  } catch (error) {
    // A copy cut short (a full disk) leaves part of the file: nothing half-written stays.
    rmSync(path, { force: true });
    throw error;
  }
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
