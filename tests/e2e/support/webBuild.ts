import { existsSync, renameSync, rmSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { webBuildStale } from "../../../server/cli/webSources.ts";
import { tryLock } from "../../helpers/processLock.ts";

/** Same staleness rule as `npm start` (server/cli/start.ts): rebuild when a web source is newer. */
export const ROOT = join(import.meta.dir, "..", "..", "..");
/** The build the E2E servers and the web bench serve: web/dist, or WEB_DIST (the server reads the same). */
export const DIST = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(ROOT, "web", "dist");
const DIST_INDEX = join(DIST, "index.html");

export function webBuildIsStale(): boolean {
  return webBuildStale(ROOT, DIST_INDEX);
}

const LOCK = `${DIST}.lock`;

/** One builder at a time across processes (parallel test workers, a bench beside a test run). */
async function withBuildLock(build: () => Promise<void>) {
  let release = tryLock(LOCK);
  while (!release) {
    await Bun.sleep(500);
    release = tryLock(LOCK);
  }
  try {
    await build();
  } finally {
    release();
  }
}

/**
 * Builds beside the build folder and swaps the folders, so a process reading it while another
 * rebuilds never sees a half-written (or emptied) folder. Asynchronous, so a suite seeds the demo
 * while the build runs (the seeding server serves no page).
 */
export async function ensureWebBuild() {
  if (!webBuildIsStale()) return;
  await withBuildLock(async () => {
    if (!webBuildIsStale()) return;
    console.log(`[e2e] building ${basename(DIST)} (missing or older than web/src)...`);
    const staging = join(dirname(DIST), `${basename(DIST)}-build-${process.pid}`);
    const build = Bun.spawn(
      [
        join(ROOT, "node_modules", ".bin", "vite"),
        "build",
        "--config",
        "web/vite.config.ts",
        "--logLevel",
        "warn",
        "--outDir",
        staging,
        "--emptyOutDir",
      ],
      // The test runner sets NODE_ENV=test, which Vite would build into React's development code
      // (three times the bytes, and slower): the suites test what users get.
      { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, NODE_ENV: "production" } },
    );
    const status = await build.exited;
    if (status !== 0) throw new Error(`vite build failed with status ${status}`);
    const retired = join(dirname(DIST), `${basename(DIST)}-old-${process.pid}`);
    if (existsSync(DIST)) renameSync(DIST, retired);
    renameSync(staging, DIST);
    rmSync(retired, { recursive: true, force: true });
  });
}
