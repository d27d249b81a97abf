/**
 * A real Vitality server process for the crash harness (serverKill.crash.ts): started on its own
 * data folder (and PostgreSQL database), killed with SIGKILL at a named point
 * (VITALITY_CRASH_AT, server/crash/crashPoint.ts), started again on the same state.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import type { CrashPoint } from "../../server/crash/crashPoint.ts";
import { HttpClient } from "../helpers/httpClient.ts";

const mainScript = join(import.meta.dir, "..", "..", "server", "main.ts");
export const ADMIN_PASSWORD = "Crash!Harness1";

/** Where a server's state lives: its data folder and, on PostgreSQL, its database. */
export interface ServerState {
  dataDir: string;
  databaseUrl?: string;
}

export interface RunningServer {
  url: string;
  log: () => string;
  /** Resolves with the signal that ended the process (SIGKILL for a kill point). */
  exited: Promise<NodeJS.Signals | null>;
  client(): HttpClient;
  stop(): Promise<void>;
}

export async function startServer(
  state: ServerState,
  options: { crashAt?: CrashPoint; seedDemo?: boolean } = {},
): Promise<RunningServer> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: "test",
    PORT: "0",
    DATA_DIR: state.dataDir,
    SEED_DEMO: options.seedDemo ? "1" : "0",
    SEED_DEMO_ANALYSES: options.seedDemo ? "1" : "0",
    VITALITY_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LOG_REQUESTS: "0",
    TRUST_PROXY: "1",
  };
  delete env.DATABASE_URL;
  delete env.VITALITY_CRASH_AT;
  if (state.databaseUrl) env.DATABASE_URL = state.databaseUrl;
  if (options.crashAt) env.VITALITY_CRASH_AT = options.crashAt;
  const child: ChildProcess = spawn(process.execPath, [mainScript], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr!.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once("exit", (_code, signal) => resolve(signal)),
  );
  const deadline = Date.now() + 240_000;
  let port: string | undefined;
  while (!port) {
    port = /listening on port (\d+)/.exec(output)?.[1];
    if (port) break;
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline)
      throw new Error(`the server did not start:\n${output}`);
    await Bun.sleep(50);
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    log: () => output,
    exited,
    client: () => new HttpClient({ fetch: (request) => fetch(request) }, "198.51.100.77", url),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** A staff site admin's client (the first admin, created with ADMIN_PASSWORD). */
export async function signInAdmin(server: RunningServer): Promise<HttpClient> {
  const client = await server.client().prime();
  const answer = await client.post("/api/management/admin/signin/", {
    username: "admin",
    password: ADMIN_PASSWORD,
  });
  if (answer.status !== 200) throw new Error(`admin sign-in failed: ${answer.text}`);
  return client;
}

/** A copy of a stopped server's state: the data folder copied, the database from its template. */
export async function copyState(template: ServerState): Promise<ServerState & { remove(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), "vitality-crash-"));
  cpSync(template.dataDir, dataDir, { recursive: true });
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (template.databaseUrl) {
    const source = new URL(template.databaseUrl).pathname.slice(1);
    const name = `vitality_crash_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = postgres(template.databaseUrl.replace(/\/[^/]*$/, "/postgres"), {
      max: 1,
      onnotice: () => {},
    });
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${source}`);
    await admin.end();
    databaseUrl = template.databaseUrl.replace(/\/[^/]*$/, `/${name}`);
    drop = async () => {
      const dropper = postgres(template.databaseUrl!.replace(/\/[^/]*$/, "/postgres"), {
        max: 1,
        onnotice: () => {},
      });
      await dropper.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  }
  return {
    dataDir,
    databaseUrl,
    async remove() {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every file under DATA_DIR/tmp (empty folders do not count). */
export function filesUnderTmp(dataDir: string): string[] {
  const root = join(dataDir, "tmp");
  const found: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else found.push(path.slice(root.length + 1));
    }
  };
  walk(root);
  return found;
}
