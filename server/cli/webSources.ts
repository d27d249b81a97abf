import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * What the built web app is made from, relative to the repository: a build older than any of these
 * is stale (`npm start` and the E2E/bench builds use this one list). The web imports the rules of
 * forms, answer schemas and plugin types from server/ and schemes/ (the rules live once, on the
 * server), so a change there changes the bundle too; and it bundles every analysis folder's
 * catalogue.ts and texts.ts (queries/), so a new or edited folder does as well.
 */
export const WEB_SOURCES = [
  "web/src",
  "web/public",
  "web/index.html",
  "web/vite.config.ts",
  "web/postcss.config.mjs",
  "server",
  "schemes",
  "queries",
];

/** The newest modification time under a path (0 when it does not exist). */
export function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** A build whose index.html is older than a source under `root`, or missing. */
export function webBuildStale(root: string, distIndex: string): boolean {
  if (!existsSync(distIndex)) return true;
  const built = statSync(distIndex).mtimeMs;
  return WEB_SOURCES.some((source) => newestMtime(join(root, source)) > built);
}
