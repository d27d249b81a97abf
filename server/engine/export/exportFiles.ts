/**
 * Export files: written under DATA_DIR/exports/ with a generated name, beside a small JSON record
 * of who asked for it; served back only to that same user. Files older than a day are removed
 * when the next export is written.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const EXPORT_LIFETIME_MS = 24 * 3600 * 1000;
const EXPORT_NAME = /^[0-9a-f-]{36}\.(csv|xlsx)$/;

export interface ExportOwner {
  organisationId: string;
  customerUserId?: string;
  staffAccountId?: string;
}

interface ExportRecord extends ExportOwner {
  downloadName: string;
}

export const exportsDir = (dataDir: string) => join(dataDir, "exports");

function removeExpired(dir: string, now: number) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (now - statSync(path).mtimeMs > EXPORT_LIFETIME_MS) rmSync(path, { force: true });
  }
}

export function writeExport(
  dataDir: string,
  content: string | Buffer,
  extension: "csv" | "xlsx",
  owner: ExportOwner,
  downloadName: string,
  now = Date.now(),
) {
  const dir = exportsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  removeExpired(dir, now);
  const name = `${randomUUID()}.${extension}`;
  const record: ExportRecord = { ...owner, downloadName };
  try {
    writeFileSync(join(dir, name), content);
    writeFileSync(join(dir, `${name}.json`), JSON.stringify(record));
  } catch (error) {
    // A full disk half-way: neither a cut file nor a file without its owner stays (the caller
    // answers 507, app.ts).
    rmSync(join(dir, name), { force: true });
    rmSync(join(dir, `${name}.json`), { force: true });
    throw error;
  }
  return name;
}

/** Who is asking for a file: the customer user or the staff account of the session. */
export type ExportReader = { customerUserId: string } | { staffAccountId: string };

/** The file of an export if `reader` asked for it; undefined otherwise (unknown, expired or not theirs). */
export function readExport(dataDir: string, name: string, reader: ExportReader) {
  if (!EXPORT_NAME.test(name)) return undefined;
  const path = join(exportsDir(dataDir), name);
  const recordPath = `${path}.json`;
  if (!existsSync(path) || !existsSync(recordPath)) return undefined;
  const record = JSON.parse(readFileSync(recordPath, "utf8")) as ExportRecord;
  const same =
    "customerUserId" in reader
      ? record.customerUserId === reader.customerUserId
      : record.staffAccountId === reader.staffAccountId;
  if (!same) return undefined;
  return { content: readFileSync(path), downloadName: record.downloadName };
}
