import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * `npm start`: builds the web app when its sources are newer than the last build, then starts the
 * server. A fresh clone therefore needs nothing but `npm install && npm start`.
 */
const root = join(import.meta.dir, "..", "..");
const dist = join(root, "web", "dist", "index.html");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const stale =
  !existsSync(dist) ||
  newestMtime(join(root, "web", "src")) > statSync(dist).mtimeMs ||
  statSync(join(root, "web", "index.html")).mtimeMs > statSync(dist).mtimeMs;
if (stale) {
  console.log("Building the web app...");
  const build = spawnSync("npx", ["vite", "build", "--config", "web/vite.config.ts", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
    // Whatever NODE_ENV the shell has, the app is built as users get it (React's production code).
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import("../main.ts").then((main) => main.startServer());
