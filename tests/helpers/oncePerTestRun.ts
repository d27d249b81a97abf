import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isAlive } from "../../server/ingest/sweep.ts";
import { tryLock } from "./processLock.ts";

const PREFIX = "vitality-test-run-";

/**
 * The test run this process belongs to: the runner's process when this is one of its parallel
 * workers (they share what a run makes once), else this process; with its start time, so a reused
 * pid is another run. Letters, digits and `_` only: it also names databases.
 */
export function testRun(): { id: string; pid: number } {
  const pid = process.env.BUN_TEST_WORKER_ID ? process.ppid : process.pid;
  try {
    // Field 22 of /proc/<pid>/stat: the start time in clock ticks since boot.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return { id: `${pid}_${fields[19] ?? 0}`, pid };
  } catch {
    return { id: `${pid}_0`, pid };
  }
}

/** The pid of the run that named `name` (made by `testRun().id` first), or 0. */
export const runPidOf = (name: string) => Number(name.split("_")[0]) || 0;

/** Folders of earlier runs whose runner has ended (a run cannot tell when its last worker ends). */
function removeEndedRunsFolders() {
  for (const name of readdirSync(tmpdir())) {
    const pid = runPidOf(name.slice(PREFIX.length));
    if (name.startsWith(PREFIX) && pid && !isAlive(pid))
      rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

const folders = new Map<string, Promise<string>>();

/**
 * A folder `make` fills once per test run, shared by the run's parallel workers: the first caller
 * makes it under a lock (a demo seeded: half a minute or more on a loaded machine) while a caller
 * in another worker waits; every caller then copies it. A failed `make` is tried again by the next
 * caller rather than failing every later one at once.
 */
export function oncePerTestRun(name: string, make: (folder: string) => Promise<void>): Promise<string> {
  let folder = folders.get(name);
  if (!folder) {
    folder = (async () => {
      removeEndedRunsFolders();
      const path = join(tmpdir(), `${PREFIX}${testRun().id}-${name}`);
      const ready = `${path}.ready`;
      for (;;) {
        if (existsSync(ready)) return path;
        const release = tryLock(`${path}.lock`);
        if (!release) {
          await Bun.sleep(250);
          continue;
        }
        try {
          if (existsSync(ready)) return path;
          // What a maker that died left behind.
          rmSync(path, { recursive: true, force: true });
          mkdirSync(path);
          const started = performance.now();
          await make(path);
          writeFileSync(ready, "");
          console.log(
            `[test run] ${name} made once in ${((performance.now() - started) / 1000).toFixed(1)} s`,
          );
          return path;
        } finally {
          release();
        }
      }
    })();
    folder.catch(() => folders.delete(name));
    folders.set(name, folder);
  }
  return folder;
}
