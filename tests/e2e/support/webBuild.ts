import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

/** Same staleness rule as `npm start` (server/cli/start.ts): rebuild when a web source is newer. */
export const ROOT = join(import.meta.dir, "..", "..", "..");
const DIST_INDEX = join(ROOT, "web", "dist", "index.html");
const WEB_INPUTS = [
  "web/src",
  "web/public",
  "web/index.html",
  "web/vite.config.ts",
  "web/postcss.config.mjs",
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function webBuildIsStale(): boolean {
  if (!existsSync(DIST_INDEX)) return true;
  const built = statSync(DIST_INDEX).mtimeMs;
  return WEB_INPUTS.some((input) => newestMtime(join(ROOT, input)) > built);
}

/**
 * Builds beside web/dist and swaps the folders, so a test run reading web/dist while another process
 * rebuilds never sees a half-written (or emptied) folder.
 */
export function ensureWebBuild() {
  if (!webBuildIsStale()) return;
  console.log("[e2e] building web/dist (missing or older than web/src)...");
  const staging = `dist-build-${process.pid}`;
  const build = spawnSync(
    join(ROOT, "node_modules", ".bin", "vite"),
    ["build", "--config", "web/vite.config.ts", "--logLevel", "warn", "--outDir", staging],
    // The test runner sets NODE_ENV=test, which Vite would build into React's development code
    // (three times the bytes, and slower): the suites test what users get.
    { cwd: ROOT, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } },
  );
  if (build.status !== 0) throw new Error(`vite build failed with status ${build.status}`);
  const dist = join(ROOT, "web", "dist");
  const retired = join(ROOT, "web", `dist-old-${process.pid}`);
  if (existsSync(dist)) renameSync(dist, retired);
  renameSync(join(ROOT, "web", staging), dist);
  rmSync(retired, { recursive: true, force: true });
}
