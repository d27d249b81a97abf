import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { webBuildStale } from "./webSources.ts";

/**
 * `npm start`: builds the web app when its sources are newer than the last build, then starts the
 * server. A fresh clone therefore needs nothing but `npm install && npm start`.
 */
const root = join(import.meta.dir, "..", "..");
const dist = join(root, "web", "dist", "index.html");

if (webBuildStale(root, dist)) {
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
