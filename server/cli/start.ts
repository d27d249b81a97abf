import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { ConfigError } from "../config.ts";
import { serverRuntimeEnv } from "./runtimeEnv.ts";
import { webBuildStale } from "./webSources.ts";

/**
 * `npm start`: builds the web app when its sources are newer than the last build, then starts the
 * server. A fresh clone therefore needs nothing but `npm install && npm start`. The server runs in
 * this process when its environment already holds the runtime's settings (runtimeEnv.ts: the
 * allocator's, which package.json's start script sets, and the heap's pacing), else in a child
 * process given them: the runtime reads them when a process starts.
 */
const root = join(import.meta.dir, "..", "..");
const dist = join(root, "web", "dist", "index.html");

let runtime: Record<string, string>;
try {
  runtime = serverRuntimeEnv();
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

if (Object.entries(runtime).every(([name, value]) => process.env[name] === value)) {
  // This process already runs with the runtime's settings (set by npm start or by hand): the server runs here.
  await import("../main.ts").then((main) => main.startServer());
} else {
  const server = Bun.spawn([process.execPath, join(root, "server", "main.ts")], {
    cwd: root,
    env: { ...process.env, ...runtime },
    stdio: ["inherit", "inherit", "inherit"],
  });
  // A stop asked of `npm start` is the server's to handle (it finishes open requests first).
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
    process.on(signal, () => server.kill(signal));
  process.exit(await server.exited);
}
