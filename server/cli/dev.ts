import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";

/**
 * `npm run dev`: the API server under `bun --watch` (restarts on server changes) and the Vite dev
 * server with HMR on http://localhost:5173, which proxies /api and /ws to the API on port 3000.
 * Ctrl-C (or SIGTERM) stops both; if either dies, the other is stopped too.
 */
const root = join(import.meta.dir, "..", "..");
const bin = (name: string) => join(root, "node_modules", ".bin", name);
const API_PORT = process.env.PORT ?? "3000";
const WEB_URL = "http://localhost:5173";

const children: ChildProcess[] = [];
let stopping = false;

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd: root, env, stdio: "inherit" });
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`[dev] ${label} exited (${signal ?? `code ${code}`}); stopping the rest.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

function stop(exitCode: number, signal: NodeJS.Signals = "SIGTERM") {
  if (stopping) return;
  stopping = true;
  const alive = children.filter((child) => child.exitCode === null && child.signalCode === null);
  if (alive.length === 0) process.exit(exitCode);
  let remaining = alive.length;
  for (const child of alive) {
    child.once("exit", () => {
      remaining -= 1;
      if (remaining === 0) process.exit(exitCode);
    });
    child.kill(signal);
  }
  // A child that ignores the signal must not keep the terminal hostage.
  setTimeout(() => {
    for (const child of alive) child.kill("SIGKILL");
    process.exit(exitCode);
  }, 5000).unref();
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => stop(0, signal));
}

// Sign-in links in e-mails should open the HMR app, not the bare API port.
run("API server", bin("bun"), ["--watch", "server/main.ts"], {
  ...process.env,
  PORT: API_PORT,
  PUBLIC_URL: process.env.PUBLIC_URL ?? WEB_URL,
});
run("Vite dev server", bin("vite"), ["--config", "web/vite.config.ts"], {
  ...process.env,
  VITALITY_API_URL: `http://localhost:${API_PORT}`,
});
console.log(`[dev] web app with hot reload: ${WEB_URL} (API on http://localhost:${API_PORT})`);
