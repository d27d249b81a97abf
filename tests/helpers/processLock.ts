import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isAlive } from "../../server/ingest/sweep.ts";

function ownerOf(lock: string): number {
  try {
    return Number(readFileSync(join(lock, "pid"), "utf8"));
  } catch {
    return 0;
  }
}

/**
 * Takes the lock folder `lock` for this process if it is free, or held by a process that died
 * (mkdir is atomic, so two processes never both take it). Answers the release, or undefined when
 * another live process holds it: the caller waits and tries again, and re-checks whether the work
 * is still to do once it holds the lock.
 */
export function tryLock(lock: string): (() => void) | undefined {
  try {
    mkdirSync(lock);
  } catch {
    const owner = ownerOf(lock);
    // A lock without its pid yet is being taken right now: not stale.
    if (!owner || isAlive(owner)) return undefined;
    rmSync(lock, { recursive: true, force: true });
    return tryLock(lock);
  }
  writeFileSync(join(lock, "pid"), String(process.pid));
  return () => rmSync(lock, { recursive: true, force: true });
}
