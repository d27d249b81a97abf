import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { oncePerTestRun } from "../../helpers/oncePerTestRun.ts";
import { ensureWebBuild, ROOT } from "./webBuild.ts";

export const ADMIN_USERNAME = "admin";
export const ADMIN_PASSWORD = "E2e-Admin!2345";
export const DEMO_EMAIL = "demo@example.com";

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** Everything the server printed, for failure reports. */
  output(): string;
  stop(): Promise<void>;
}

/** A port free on loopback now (the OS picks it), for a server process started next. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Appends everything a child process prints on `stream` to `sink`, as text. */
export async function collect(stream: ReadableStream<Uint8Array> | null | undefined, sink: string[]) {
  if (!stream) return;
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    sink.push(decoder.decode(value, { stream: true }));
  }
}

type StartOptions = {
  startTimeoutMs?: number;
  /** A data folder the caller keeps (e.g. to restart on the same database); not removed at stop. */
  dataDir?: string;
  /**
   * Seed the demo as `npm start` does for a newcomer, its last two years enabled (slower). Off by
   * default: the suites review the demo's years through the staff screens themselves.
   */
  demoAnalyses?: boolean;
  /** Send mail through this SMTP server (a test's smtp-server) instead of the dev outbox. */
  smtpUrl?: string;
};

/**
 * One seeded data folder per kind of seed for the whole test run, shared by its parallel workers:
 * made by a server that seeds the demo and stops; every suite then starts on its own copy, where
 * the idempotent seed finds nothing to do. Each suite still sees the same fresh demo it would have
 * seeded itself.
 */
const seededFolder = (demoAnalyses: boolean, startTimeoutMs: number | undefined) =>
  oncePerTestRun(`e2e-${demoAnalyses ? "analyses" : "plain"}`, async (dataDir) => {
    const seeding = await launch({
      dataDir,
      demoAnalyses,
      startTimeoutMs: Math.max(startTimeoutMs ?? 0, 300_000),
    });
    await seeding.stop();
  });

/**
 * The real server as a separate process (as `npm start` runs it) on a free port, with a throw-away
 * data folder (or the caller's), the demo organisation seeded and a known staff password. An empty
 * data folder starts as a copy of the run's seeded folder. Builds web/dist, while it seeds, if it is
 * missing or stale.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  // The first suite of a run builds and seeds at the same time.
  const built = ensureWebBuild();
  built.catch(() => {});
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "vitality-e2e-"));
  if (readdirSync(dataDir).length === 0) {
    const seeded = await seededFolder(options.demoAnalyses ?? false, options.startTimeoutMs);
    // Timestamps kept: the outbox helpers pick mails by modification time.
    cpSync(seeded, dataDir, { recursive: true, preserveTimestamps: true });
  }
  await built;
  const started = performance.now();
  const server = await launch({ ...options, dataDir });
  console.log(`[e2e] server listening after ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (options.dataDir) return server;
  return {
    ...server,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts server/main.ts on a free port over `dataDir`, seeding what is not seeded there yet. */
async function launch(options: StartOptions & { dataDir: string }): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = options.dataDir;
  const logs: string[] = [];
  const child: Subprocess = Bun.spawn([join(ROOT, "node_modules", ".bin", "bun"), "server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: "1",
      SEED_DEMO_ANALYSES: options.demoAnalyses ? "1" : "0",
      VITALITY_ADMIN_USER: ADMIN_USERNAME,
      VITALITY_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_REQUESTS: "0",
      DATABASE_URL: "",
      SMTP_URL: options.smtpUrl ?? "",
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  void collect(child.stdout as ReadableStream<Uint8Array>, logs);
  void collect(child.stderr as ReadableStream<Uint8Array>, logs);

  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await child.exited;
      clearTimeout(killer);
    }
  };

  // Start-up ingests the demo data; on a busy machine it can take well over 30 s.
  const deadline = Date.now() + (options.startTimeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return { baseUrl, dataDir, output: () => logs.join(""), stop };
    } catch {
      // Not listening yet.
    }
    await Bun.sleep(150);
  }
  await stop();
  throw new Error(`The server did not start on ${baseUrl}:\n${logs.join("")}`);
}
