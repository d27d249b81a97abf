import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { ConfigError } from "../config.ts";
import { heapPacingEnv } from "./heapPacing.ts";
import { webBuildStale } from "./webSources.ts";

/**
 * `npm start`: builds the web app when its sources are newer than the last build, then starts the
 * server. A fresh clone therefore needs nothing but `npm install && npm start`. With
 * VITALITY_HEAP_MB the server runs in a child process: its JavaScript heap's pacing (heapPacing.ts)
 * is read by JSC when a process starts, so it goes in the child's environment.
 */
const root = join(import.meta.dir, "..", "..");
const dist = join(root, "web", "dist", "index.html");

let pacing: Record<string, string>;
try {
  pacing = heapPacingEnv();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2); // as server/main.ts does for a bad value
}

// A deployment that serves its own build (WEB_DIST) is not built here.
if (!process.env.WEB_DIST && webBuildStale(root, dist)) {
  console.log("Building the web app...");
  const build = spawnSync("npx", ["vite", "build", "--config", "web/vite.config.ts", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
    // Whatever NODE_ENV the shell has, the app is built as users get it (React's production code).
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (pacing.BUN_JSC_forceRAMSize === process.env.BUN_JSC_forceRAMSize) {
  // This process already runs with the pacing asked (none, or set by hand): the server runs here.
  await import("../main.ts").then((main) => main.startServer());
} else {
  const server = Bun.spawn([process.execPath, join(root, "server", "main.ts")], {
    cwd: root,
    env: { ...process.env, ...pacing },
    stdio: ["inherit", "inherit", "inherit"],
  });
  // A stop asked of `npm start` is the server's to handle (it finishes open requests first).
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
    process.on(signal, () => server.kill(signal));
  process.exit(await server.exited);
}
