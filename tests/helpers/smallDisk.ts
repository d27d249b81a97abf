/**
 * A small filesystem for the full-disk tests (issue 33): a tmpfs the test mounts itself (root on
 * Linux) and unmounts after. Where mounting is refused (no root, a container without the
 * capability) the tests skip with the reason; under CI=true they must run, so a refusal fails.
 */
import { mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface SmallDisk {
  dir: string;
  /** Bytes free now. */
  free(): number;
  /** Fills the disk with a file of zeros, leaving `headroom` bytes (rounded to whole pages) free. */
  fill(headroom: number): void;
  /** Removes the filling. */
  unfill(): void;
  /**
   * Makes `dir/name` a folder of the ordinary disk (a bind mount): the embedded database's folder,
   * so a full data folder is not a full database (PGlite cannot follow a symbolic link).
   */
  keepOutside(name: string): void;
  unmount(): void;
}

const FILLER = ".filler";

function mount(dir: string, kilobytes: number) {
  const done = Bun.spawnSync(["mount", "-t", "tmpfs", "-o", `size=${kilobytes}k`, "tmpfs", dir]);
  return done.exitCode === 0 ? undefined : done.stderr.toString().trim() || `mount exited ${done.exitCode}`;
}

function unmountDir(dir: string) {
  Bun.spawnSync(["umount", dir]);
  rmSync(dir, { recursive: true, force: true });
}

/** Why a small disk cannot be mounted here (undefined: it can); a refusal under CI=true throws. */
export const smallDiskRefused: string | undefined = (() => {
  const probe = mkdtempSync(join(tmpdir(), "vitality-disk-probe-"));
  const refused = process.platform === "linux" ? mount(probe, 64) : "tmpfs mounts are Linux only";
  if (!refused) Bun.spawnSync(["umount", probe]);
  rmSync(probe, { recursive: true, force: true });
  if (refused && process.env.CI === "true")
    throw new Error(`CI=true but a tmpfs cannot be mounted for the full-disk tests: ${refused}`);
  if (refused) console.warn(`full-disk tests skipped: a tmpfs cannot be mounted (${refused})`);
  return refused;
})();

/** Mounts a tmpfs of `kilobytes` at a new folder. */
export function mountSmallDisk(kilobytes: number): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), "vitality-small-disk-"));
  const refused = mount(dir, kilobytes);
  if (refused) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`mounting a tmpfs failed: ${refused}`);
  }
  const filler = join(dir, FILLER);
  const free = () => {
    const stats = statfsSync(dir);
    return Number(stats.bavail) * Number(stats.bsize);
  };
  const outside: { inner: string; folder: string }[] = [];
  return {
    dir,
    free,
    fill(headroom) {
      const size = free() - headroom;
      if (size > 0) writeFileSync(filler, Buffer.alloc(size));
    },
    unfill: () => rmSync(filler, { force: true }),
    keepOutside(name) {
      const folder = mkdtempSync(join(tmpdir(), "vitality-beside-small-disk-"));
      const inner = join(dir, name);
      mkdirSync(inner, { recursive: true });
      const bound = Bun.spawnSync(["mount", "--bind", folder, inner]);
      if (bound.exitCode !== 0) throw new Error(`mount --bind failed: ${bound.stderr.toString().trim()}`);
      outside.push({ inner, folder });
    },
    unmount() {
      for (const { inner, folder } of outside) {
        Bun.spawnSync(["umount", inner]);
        rmSync(folder, { recursive: true, force: true });
      }
      unmountDir(dir);
    },
  };
}

/** The filling's name, for listings that leave it out. */
export const FILLER_NAME = FILLER;
