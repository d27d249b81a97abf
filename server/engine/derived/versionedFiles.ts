/**
 * Files whose name carries a hash of what they are made from (the derived Parquet files, the kept
 * JSON values): new data, new name. Written beside the target and renamed over it, so a reader sees
 * no file or a whole one; older versions are removed once no run can still be reading them.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";

/** Size and modification time of each file: a new upload (or a fixture rewrite) changes them. */
export const fileStamps = (paths: string[]) =>
  paths
    .map((path) => {
      const stat = statSync(path);
      return `${path}:${stat.size}:${stat.mtimeMs}`;
    })
    .join(",");

/** Files older than this that a newer version replaced are removed (no run reads one that long). */
const STALE_AFTER_MS = 10 * 60_000;
/**
 * A write's partial file older than this was left by a process killed mid-write (a write takes
 * seconds): removed, as no rename will ever claim it.
 */
const ABANDONED_PARTIAL_MS = 60 * 60_000;
const isPartial = (name: string) => name.startsWith(".") && name.endsWith(".partial");

/**
 * Removes the older versions of a file (same name before its hash, same extension) once old enough,
 * and partial files abandoned in its folder by a crash.
 */
export function removeStale(path: string) {
  const dir = dirname(path);
  const name = path.slice(dir.length + 1);
  const prefix = name.slice(0, name.lastIndexOf("-") + 1);
  const extension = name.slice(name.lastIndexOf("."));
  const now = Date.now();
  for (const other of readdirSync(dir)) {
    const partial = isPartial(other);
    if (!partial && (other === name || !other.startsWith(prefix) || !other.endsWith(extension))) continue;
    const full = join(dir, other);
    try {
      if (now - statSync(full).mtimeMs > (partial ? ABANDONED_PARTIAL_MS : STALE_AFTER_MS))
        rmSync(full, { force: true });
    } catch {
      // Another process removed it first.
    }
  }
}

/**
 * Writes `path` through `write(partial)` into a partial file beside it, renamed over it, then
 * removes its stale versions.
 */
export async function writeVersioned(path: string, write: (partial: string) => unknown) {
  mkdirSync(dirname(path), { recursive: true });
  const partial = join(dirname(path), `.${randomUUID()}.partial`);
  try {
    await write(partial);
    renameSync(partial, path);
  } finally {
    rmSync(partial, { force: true });
  }
  removeStale(path);
}
