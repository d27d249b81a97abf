/**
 * Cached answers per second: a real server process on loopback (bench/queries/server.ts over the
 * size's data folder), a signed-in customer session, each analysis asked once (a miss that fills
 * the cache), then autocannon (in its own node process) repeating the same request: 2 s of warm-up,
 * not counted, then the measured run. Besides
 * requests per second it reports the server's CPU time per request (from /proc while autocannon
 * runs): on a machine shared with other work that figure moves less than the rate, which also
 * depends on how much of a core the server got.
 */
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { createSession } from "../../server/auth/sessions.ts";
import { serverRuntimeEnv } from "../../server/cli/runtimeEnv.ts";
import type { Db } from "../../server/db/client.ts";
import { customerUsers } from "../../server/db/schema/index.ts";
import { benchConfig } from "./setup.ts";

const root = `${import.meta.dir}/../..`;

/** A customer of the organisation and a session token for it (made before the server starts). */
export async function benchSession(db: Db, organisationId: string) {
  const email = "bench@example.com";
  let [user] = await db.select().from(customerUsers).where(eq(customerUsers.email, email));
  if (!user) {
    [user] = await db
      .insert(customerUsers)
      .values({ organisationId, email, username: "Bench User", isStaff: true })
      .returning();
  }
  const { token } = await createSession(db, new Date(), { kind: "client", customerUserId: user!.id });
  return token;
}

export interface CachedFigure {
  querie: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** The answer's length (decoded). */
  bytes: number;
  /** What the server sent for it (compressed when the requests accept it). */
  wireBytes: number;
  /** Those bytes themselves: the ceiling sends them (measureCeiling). */
  sent: Uint8Array<ArrayBuffer>;
  errors: number;
  /** Server CPU time (all its threads) per answered request, microseconds. */
  serverCpuUs: number;
}

/** CPU seconds a process has used (user + system), from /proc (Linux). */
function cpuSeconds(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function waitForServer(url: string, server: Bun.Subprocess) {
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null) throw new Error(`the bench server exited (${server.exitCode})`);
    try {
      await fetch(url);
      return;
    } catch {
      await Bun.sleep(100);
    }
  }
  throw new Error("the bench server did not start");
}

/**
 * What the requests accept, as the web app's browser sends it (the server then answers gzipped);
 * BENCH_ACCEPT_ENCODING= (empty) measures plain answers.
 */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? "gzip, deflate, br, zstd";

/** Seconds of load before each measured run (not counted). */
const WARM_UP_SECONDS = 2;

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

/** autocannon in its own node process: POST {} to `url` with `connections` for `seconds`. */
function autocannon(
  url: string,
  options: { seconds: number; connections: number },
  headers: Record<string, string> = {},
): AutocannonResult {
  const run = Bun.spawnSync(
    [
      "node",
      `${root}/node_modules/autocannon/autocannon.js`,
      ...["-c", String(options.connections), "-d", String(options.seconds), "-m", "POST", "-b", "{}"],
      ...Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}=${value}`]),
      "-j",
      url,
    ],
    { stdout: "pipe", stderr: "pipe" },
  );
  if (run.exitCode !== 0) throw new Error(`autocannon failed: ${run.stderr.toString().slice(0, 400)}`);
  return JSON.parse(run.stdout.toString()) as AutocannonResult;
}

/** Starts the server, measures each analysis for `seconds` (after a warm-up), stops the server. */
export async function measureCached(
  size: string,
  token: string,
  queries: string[],
  options: { seconds: number; connections: number; databaseUrl?: string },
): Promise<CachedFigure[]> {
  const port = 3900 + Math.floor(Math.random() * 90);
  const config = benchConfig(size);
  const server = Bun.spawn([process.execPath, `${import.meta.dir}/server.ts`], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: config.dataDir,
      SEED_DEMO: "0",
      LOG_REQUESTS: "0",
      NODE_ENV: "production",
      SECRET_KEY: "bench-secret-key-bench-secret-key-0123456789",
      VITALITY_ADMIN_PASSWORD: "bench-admin-password",
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      // The runtime `npm start` gives the server (server/cli/runtimeEnv.ts), as the tenant bench's.
      ...serverRuntimeEnv(),
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  const base = `http://127.0.0.1:${port}`;
  const headers: Record<string, string> = {
    Cookie: `token=${token}; csrftoken=bench`,
    "X-CSRFToken": "bench",
    "Content-Type": "application/json",
  };
  if (ACCEPT_ENCODING) headers["Accept-Encoding"] = ACCEPT_ENCODING;
  try {
    await waitForServer(`${base}/api/`, server);
    const figures: CachedFigure[] = [];
    for (const querie of queries) {
      const url = `${base}/api/management/queries/${querie}/`;
      const first = await fetch(url, { method: "POST", headers, body: "{}" });
      const body = await first.text();
      if (first.status !== 200) throw new Error(`${querie}: ${first.status} ${body.slice(0, 200)}`);
      const sent = await fetch(url, { method: "POST", headers, body: "{}", decompress: false });
      const sentBytes = new Uint8Array(await sent.arrayBuffer());
      // Not counted: the server's compiler warms up on the path, as a server does in its first seconds.
      autocannon(url, { ...options, seconds: WARM_UP_SECONDS }, headers);
      const cpuBefore = cpuSeconds(server.pid);
      const result = autocannon(url, options, headers);
      const cpu = cpuSeconds(server.pid) - cpuBefore;
      figures.push({
        querie,
        requestsPerSecond: result.requests.average,
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        bytes: body.length,
        wireBytes: sentBytes.byteLength,
        sent: sentBytes,
        errors: result.non2xx + result.errors,
        serverCpuUs: (cpu * 1e6) / Math.max(1, result.requests.total),
      });
    }
    return figures;
  } finally {
    server.kill("SIGTERM");
    await server.exited;
  }
}

/**
 * The same load against a Bun server that answers the same bytes and does nothing else: what this
 * machine (and its current load) allows at all, to read the figures above against. The bytes the
 * server sent, not as many spaces: autocannon reads querie9's 34 kB of zstd output at 1,700
 * requests a second from a bare server, and 34 kB of spaces at 14,700 (bench/README.md).
 */
export async function measureCeiling(
  sent: Uint8Array<ArrayBuffer>,
  options: { seconds: number; connections: number },
) {
  const body = new Blob([sent]);
  const server = Bun.serve({
    port: 0,
    fetch: async (request) => {
      await request.text();
      return new Response(body, { headers: { "Content-Type": "application/json" } });
    },
  });
  const url = `http://127.0.0.1:${server.port}/`;
  // autocannon runs in its own process while this one answers: spawned asynchronously.
  const run = async (seconds: number) => {
    const child = Bun.spawn(
      [
        "node",
        `${root}/node_modules/autocannon/autocannon.js`,
        ...["-c", String(options.connections), "-d", String(seconds), "-m", "POST", "-b", "{}"],
        "-j",
        url,
      ],
      { stdout: "pipe", stderr: "pipe" },
    );
    return JSON.parse(await new Response(child.stdout).text()) as AutocannonResult;
  };
  try {
    await run(WARM_UP_SECONDS);
    return (await run(options.seconds)).requests.average;
  } finally {
    server.stop(true);
  }
}
