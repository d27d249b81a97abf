/**
 * A full disk (issue 33, "A full disk"): the data folder's filesystem has no room left for a file
 * the server writes. Node's fs says ENOSPC (EDQUOT for a quota); DuckDB, which writes the Parquet
 * files, says it in its message; the ingest worker says it by its answer's code (runWorker.ts); the
 * database by its SQLSTATE. Such a
 * failure is the server's, not the caller's file: it is answered 507 `storage_full` in plain words,
 * after the writer has removed what it half-wrote.
 */
import { HttpError } from "./errors.ts";

/**
 * Node's codes, and the database's own: SQLSTATE 53100 `disk_full` is what PostgreSQL (and the
 * embedded PGlite, whose files are in the data folder) answers when its disk has no room, so a
 * write it refuses rolls back and is answered as the full disk it is, not as a 500.
 */
const FULL_CODES = new Set(["ENOSPC", "EDQUOT", "53100"]);
/**
 * The words, on the message's first line only and where the writer puts them (Node's "ENOSPC: ...",
 * DuckDB's "IO Error: Could not write file ...: No space left on device"): an engine error quoting
 * an uploaded file's line (a CSV's own text) is not taken for a full disk.
 */
const FULL_WORDS = /^(?:(?:ENOSPC|EDQUOT)\b|IO Error:[^\n]*(?:no space left on device|disk quota exceeded))/i;

/** Whether the error (or one it was caused by) says the filesystem is full. */
export function isStorageFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return typeof current === "string" && FULL_WORDS.test(current);
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && FULL_CODES.has(code)) return true;
    if (typeof message === "string" && FULL_WORDS.test(message)) return true;
    current = cause;
  }
  return false;
}

const warned = new Set<string>();
/**
 * Logs a file not written for want of room once per file (bounded): a full disk must not also
 * flood the log, which is often on that disk.
 */
export function warnOnce(key: string, message: string) {
  if (warned.has(key)) return;
  if (warned.size >= 1000) warned.clear();
  warned.add(key);
  console.warn(message);
}

/** An error that says the disk is full, for a place that learns it other than by a thrown error. */
export const storageFullError = (where: string) =>
  Object.assign(new Error(`${where}: no space left on device`), { code: "ENOSPC" });

export const STORAGE_FULL_DETAIL =
  "The server has no room left to keep this file; nothing was changed. Try again later or tell Vitality.";

/** The refusal a caller sees: 507 storage_full, nothing of its request kept. */
export const storageFull = (detail = STORAGE_FULL_DETAIL) =>
  new HttpError(507, detail).withCode("storage_full");

/** The refusal as the API document lists it on the routes that write files (uploads, exports). */
export const STORAGE_FULL_REFUSAL =
  "The server's disk is full (`storage_full`): nothing of the request was kept; try again later.";
