/**
 * Restart benchmark (a script, not a test): `npm run bench restarts` (issue 33, "Dependencies
 * restart" and "Deploys without errors"). Two server processes (production settings) on one
 * PostgreSQL database of a cluster of the bench's own (privateCluster.ts), BENCH_USERS (40) users
 * reading the database through them (load.ts), then:
 *
 *   1. rolling: each process in turn stopped with SIGTERM and started again on its port under the
 *      load, a client sending a request whose connection failed once more to the other process:
 *      the failed requests (after that retry), what the first tries met, each stop's exit code
 *      and time.
 *   2. postgres: a real PostgreSQL restart (`pg_ctl restart -m fast`) under the load (then on processes that
 *      started clean): the answers
 *      by status during it, whether the 503s carry Retry-After, the recovery time (from the
 *      restart's start to the last answer that was not a 200);
 *
 * The last line is machine-readable. Figures: bench/README.md, "restarts".
 */
import { execSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { freePort } from "../../tests/e2e/support/server.ts";
import { countOutcomes, runLoad, type Sample } from "./load.ts";
import { startPrivateCluster } from "./privateCluster.ts";
import { type RestartServer, startServerOn } from "./serverProcess.ts";

const USERS = Number(process.env.BENCH_USERS ?? 40);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 200);
const PASSWORD = "bench-admin-password";
const load = () =>
  execSync("uptime")
    .toString()
    .trim()
    .replace(/^.*load average:/, "load");
const round = (ms: number) => Math.round(ms);

const cluster = await startPrivateCluster();
const dataDir = mkdtempSync(join(tmpdir(), "vitality-bench-restarts-"));
const servers: RestartServer[] = [];
/** Processes stopped by the rolling restart (their logs are written at the end). */
const stopped: RestartServer[] = [];
try {
  const admin = postgres(cluster.url, { max: 1, onnotice: () => {} });
  await admin.unsafe("CREATE DATABASE vitality_restarts");
  await admin.end();
  const env = {
    NODE_ENV: "production",
    DATABASE_URL: cluster.url.replace(/\/postgres$/, "/vitality_restarts"),
    DATA_DIR: dataDir,
    SEED_DEMO: "0",
    LOG_REQUESTS: "0",
    SECRET_KEY: "bench-secret-key-bench-secret-key-0123456789",
    VITALITY_ADMIN_PASSWORD: PASSWORD,
  };
  const ports = [await freePort(), await freePort()];
  // The first start migrates; the second waits on the migration lock, then finds nothing to do.
  for (const port of ports) servers.push(await startServerOn(port, env));
  const token = await signIn(ports[0]!);
  console.log(`restart benchmark: 2 processes, ${USERS} users, think ${THINK_MS} ms; ${load()}`);

  // 1. A rolling restart: each process stopped (SIGTERM) and started again on its port, under load.
  const rolling = runLoad({ ports: () => ports, token, users: USERS, thinkMs: THINK_MS, retryOnOther: true });
  await Bun.sleep(5000);
  const stops: string[] = [];
  for (const [index, port] of ports.entries()) {
    const stopping = servers[index]!;
    const result = await stopping.stop();
    stopped.push(stopping);
    stops.push(`  ${/Stopped in [^\n"]*/.exec(stopping.output())?.[0] ?? "no stop line"}`);
    const startedAt = performance.now();
    servers[index] = await startServerOn(port, env);
    stops.push(
      `process ${index + 1}: exit ${result.exitCode} after ${round(result.ms)} ms, new one answering after ${round(performance.now() - startedAt)} ms`,
    );
    await Bun.sleep(3000);
  }
  await Bun.sleep(3000);
  const rollingSamples = await rolling.stop();
  const failed = rollingSamples.filter((sample) => sample.outcome !== "200");
  const retried = rollingSamples.filter((sample) => sample.retriedAfter);
  const firstTries: Record<string, number> = {};
  for (const sample of retried)
    firstTries[sample.retriedAfter!] = (firstTries[sample.retriedAfter!] ?? 0) + 1;
  const rollLoad = load();
  console.log(
    `rolling restart: ${rollingSamples.length} requests, answers ${JSON.stringify(countOutcomes(rollingSamples))}; ` +
      `failed after the retry: ${failed.length}; first tries sent again: ${JSON.stringify(firstTries)}; ${rollLoad}`,
  );
  for (const line of stops) console.log(`  ${line}`);

  printFailures(failed);
  // 2. PostgreSQL restarted under the load (after the rolling restart: its processes start clean).
  const before = runLoad({ ports: () => ports, token, users: USERS, thinkMs: THINK_MS, retryOnOther: false });
  await Bun.sleep(8000);
  const restartAt = before.elapsed();
  const restartMs = await cluster.restart();
  await Bun.sleep(30_000);
  const restartSamples = await before.stop();
  const bad = restartSamples.filter((sample) => sample.outcome !== "200");
  const lastBadEnd = Math.max(...bad.map((sample) => sample.at + sample.ms), restartAt);
  const with503 = bad.filter((sample) => sample.outcome === "503");
  const pgLoad = load();
  console.log(
    `postgres restart: pg_ctl restart took ${round(restartMs)} ms; answers ${JSON.stringify(countOutcomes(restartSamples))}; ` +
      `not 200: ${bad.length} (from +${round(Math.min(...bad.map((s) => s.at)) - restartAt)} ms to +${round(lastBadEnd - restartAt)} ms after the restart began), ` +
      `503 with Retry-After: ${with503.filter((s) => s.retryAfter).length}/${with503.length}; recovery ${round(lastBadEnd - restartAt)} ms; ${pgLoad}`,
  );
  // When the 503s came, by second after the restart began, and what the servers logged for them.
  const bySecond: Record<string, number> = {};
  for (const sample of bad) {
    const second = Math.floor((sample.at - restartAt) / 1000);
    bySecond[second] = (bySecond[second] ?? 0) + 1;
  }
  console.log(`  not 200 by second after the restart began: ${JSON.stringify(bySecond)}`);
  const causes: Record<string, number> = {};
  for (const server of servers)
    for (const match of server.output().matchAll(/answered 503[^\n]*"error":"([^":]+)/g))
      causes[match[1]!] = (causes[match[1]!] ?? 0) + 1;
  console.log(`  the servers' causes: ${JSON.stringify(causes)}`);
  const jobErrors = servers.map((server) => (server.output().match(/job queue error/g) ?? []).length);
  const crashes = servers.map(
    (server) => (server.output().match(/unhandled (rejection|error)/g) ?? []).length,
  );
  // A pool replaced for connections the restart left broken (server/db/renewingPool.ts).
  const replacements = servers.map(
    (server) => (server.output().match(/database pool replaced/g) ?? []).length,
  );
  console.log(
    `  per process: job queue errors logged ${jobErrors.join(", ")}; unhandled ${crashes.join(", ")}; ` +
      `pool replaced ${replacements.join(", ")}`,
  );

  console.log(
    `restarts: pg_restart_ms=${round(restartMs)} pg_recovery_ms=${round(lastBadEnd - restartAt)} pg_not_200=${bad.length} ` +
      `pg_500=${bad.filter((s) => s.outcome === "500").length} pool_replacements=${replacements.reduce((a, b) => a + b, 0)} rolling_requests=${rollingSamples.length} rolling_failed=${failed.length} rolling_retried=${retried.length}`,
  );
} finally {
  for (const server of servers) await server.stop().catch(() => {});
  // Each process's log and PostgreSQL's, for a closer look (bench/out is not committed).
  const out = join(import.meta.dir, "..", "out", "restarts");
  mkdirSync(out, { recursive: true });
  for (const [index, server] of [...stopped, ...servers].entries())
    writeFileSync(join(out, `server-${index + 1}.log`), server.output());
  writeFileSync(join(out, "postgres.log"), cluster.log());
  cluster.remove();
  rmSync(dataDir, { recursive: true, force: true });
}

async function signIn(port: number) {
  const base = `http://127.0.0.1:${port}`;
  const csrf = /csrftoken=([^;]+)/.exec(
    (await fetch(`${base}/api/health`)).headers.get("set-cookie") ?? "",
  )![1]!;
  const answer = await fetch(`${base}/api/management/admin/signin/`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `csrftoken=${csrf}`, "x-csrftoken": csrf },
    body: JSON.stringify({ username: "admin", password: PASSWORD }),
  });
  const token = /token=([^;]+)/.exec(answer.headers.getSetCookie().join("; "))?.[1];
  if (!token) throw new Error(`sign-in failed: ${answer.status} ${await answer.text()}`);
  return token;
}

function printFailures(failed: Sample[]) {
  for (const sample of failed.slice(0, 5))
    console.log(
      `  failed: +${round(sample.at)} ms ${sample.outcome} (first try: ${sample.retriedAfter ?? "-"})`,
    );
}
