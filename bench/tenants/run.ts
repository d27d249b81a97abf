/**
 * Tenant-scale benchmark (a script, not a test): `npm run bench tenants` or
 * `bun bench/tenants/run.ts [1m|10m]`. One generated market shared by BENCH_ORGS (50) organisations
 * (the tenant fixture, setup.ts), a real server process on loopback, BENCH_USERS (100) simulated
 * users (users.ts) for BENCH_SECONDS (60) per phase; each organisation's years enabled (read) and
 * prepared: every year, or the latest BENCH_YEARS (setup.ts):
 *
 *   1. single: every user in one organisation (tenant-01): the same load without tenancy;
 *   2. tenants: the users spread over all the organisations (user i in organisation i mod N);
 *   3. scale-out (BENCH_SKIP=scaleout leaves it out): the tenants load against one, then two
 *      server processes sharing one PostgreSQL database (created beside BENCH_POSTGRES_URL, dropped
 *      at the end) and the one data folder, users round-robin over the processes.
 *
 * Each phase starts a fresh server; no request is made before the measurement, so each
 * organisation-year's first request (its connection bindings) is measured. The derived files
 * (BENCH_DERIVED):
 *   - prepared (default): as the product leaves the data folder after loading - the data pipeline
 *     writes them when data changes (server/engine/derived/prepareJob.ts; setup.ts at loading);
 *   - cold: removed before each phase, so each organisation-year's first request writes them too
 *     (a folder whose files were never written; the design before the pipeline wrote them).
 * Uncached = answers the server computed for the request (X-Cache: miss). The last line is
 * machine-readable. BENCH_SAMPLES_DIR writes each phase's requests (when, which analysis, the
 * server's steps) as JSON there, to look at a phase second by second. BENCH_START=together starts
 * every user at once (users.ts); the default spreads their first requests over the think time.
 */
import { execSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { postgresCopy } from "../queries/postgresCopy.ts";
import { removeDerivedFiles } from "../removeDerivedFiles.ts";
import { type BenchServer, startBenchServer } from "./servers.ts";
import {
  benchEnv as env,
  openTenantData,
  serverEnv,
  tenantSessions,
  tenantSpecOfArgs,
  yearsRead,
} from "./setup.ts";
import { type PhaseSummary, summarise } from "./summary.ts";
import { runUsers, type SimulatedUser, type UsersStart } from "./users.ts";

const spec = tenantSpecOfArgs();
const USERS = Number(env("BENCH_USERS", "100"));
const SECONDS = Number(env("BENCH_SECONDS", "60"));
const THINK_MS = Number(env("BENCH_THINK_MS", "2000"));
const skip = new Set(env("BENCH_SKIP", "").split(",").filter(Boolean));
const postgresAdminUrl = env("BENCH_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/postgres");
const DERIVED_MODE = env("BENCH_DERIVED", "prepared");
const START = env("BENCH_START", "spread") as UsersStart;
if (START !== "spread" && START !== "together")
  throw new Error(`BENCH_START must be 'spread' or 'together', not '${START}'`);
/** A folder to write each phase's samples to as JSON (one file per phase), for a closer look. */
const SAMPLES_DIR = env("BENCH_SAMPLES_DIR", "");
if (DERIVED_MODE !== "prepared" && DERIVED_MODE !== "cold")
  throw new Error(`BENCH_DERIVED must be 'prepared' or 'cold', not '${DERIVED_MODE}'`);
const derivedModeText =
  DERIVED_MODE === "cold"
    ? "derived files: cold (removed before each phase; first requests write them)"
    : "derived files: prepared (written by the data pipeline at loading, kept)";

const uptime = () =>
  execSync("uptime")
    .toString()
    .trim()
    .replace(/^.*load average:/, "load");

console.log(
  `tenant benchmark: ${spec.size}, ${spec.organisations} organisations (${yearsRead}), seed ${spec.seed}; ${derivedModeText}`,
);
const data = await openTenantData(spec, { prepareFiles: DERIVED_MODE === "prepared" });
const { db } = data.context.database;
const perOrganisation = Math.ceil(USERS / data.orgs.length);
const tokens = await tenantSessions(db, data.orgs, perOrganisation);
const single = data.orgs[0]!;
const singleTokens = (await tenantSessions(db, [single], USERS)).get(single.slug)!;
const pgCopy = skip.has("scaleout") ? undefined : await postgresCopy(db, postgresAdminUrl);
const pgTokens = pgCopy ? await tenantSessions(pgCopy.database.db, data.orgs, perOrganisation) : undefined;
await pgCopy?.database.close();
// The embedded database is one process's: closed before a server opens it.
await data.context.database.close();

/** User i of the tenants load: organisation i mod N, its (i div N)-th session, server i mod servers. */
const spread = (sessionTokens: Map<string, string[]>, servers: BenchServer[]): SimulatedUser[] =>
  Array.from({ length: USERS }, (_, i) => {
    const org = data.orgs[i % data.orgs.length]!;
    return {
      organisation: org.slug,
      token: sessionTokens.get(org.slug)![Math.floor(i / data.orgs.length)]!,
      baseUrl: servers[i % servers.length]!.baseUrl,
    };
  });

async function phase(
  label: string,
  processes: number,
  extraEnv: Record<string, string>,
  users: (servers: BenchServer[]) => SimulatedUser[],
): Promise<PhaseSummary> {
  if (DERIVED_MODE === "cold") removeDerivedFiles(data.dataDir);
  const loadBefore = uptime();
  const servers: BenchServer[] = [];
  for (let i = 0; i < processes; i++)
    servers.push(await startBenchServer({ ...serverEnv(data.dataDir), ...extraEnv }));
  const cpuBefore = servers.map((server) => server.cpuSeconds());
  const threadsBefore = servers.map((server) => server.cpuSecondsByThread());
  const result = await runUsers(users(servers), {
    seconds: SECONDS,
    thinkMs: THINK_MS,
    seed: spec.seed,
    start: START,
  });
  const cpuSeconds = servers.reduce((sum, server, i) => sum + server.cpuSeconds() - cpuBefore[i]!, 0);
  const cpuByThread = new Map<string, number>();
  servers.forEach((server, i) => {
    for (const [kind, seconds] of server.cpuSecondsByThread())
      cpuByThread.set(kind, (cpuByThread.get(kind) ?? 0) + seconds - (threadsBefore[i]!.get(kind) ?? 0));
  });
  const stopped = await Promise.all(servers.map((server) => server.stop()));
  const summary = summarise(label, result, {
    processes,
    cpuSeconds,
    cpuByThread,
    peakRssMb: stopped.map((item) => item.peakRssMb),
    caches: stopped.map((item) => item.caches),
    memory: stopped.map((item) => item.memory),
    boundAtStart: stopped.map((item) => item.boundAtStart),
    rssBy10s: stopped.map((item) => item.rssBy10s),
    load: `${loadBefore} -> ${uptime()}`,
  });
  console.log(summary.text);
  if (SAMPLES_DIR) {
    mkdirSync(SAMPLES_DIR, { recursive: true });
    const file = join(SAMPLES_DIR, `${label.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}.json`);
    writeFileSync(file, JSON.stringify(result.samples));
    console.log(`  samples: ${file}`);
  }
  return summary;
}

const phases: PhaseSummary[] = [];
try {
  if (!skip.has("single"))
    phases.push(
      await phase(`single organisation (${single.slug}), ${USERS} users`, 1, {}, (servers) =>
        singleTokens.map((token) => ({ organisation: single.slug, token, baseUrl: servers[0]!.baseUrl })),
      ),
    );
  phases.push(
    await phase(`${data.orgs.length} organisations, ${USERS} users`, 1, {}, (servers) =>
      spread(tokens, servers),
    ),
  );
  if (pgCopy && pgTokens)
    for (const processes of [1, 2])
      phases.push(
        await phase(
          `PostgreSQL, ${processes} process${processes > 1 ? "es" : ""}, ${data.orgs.length} organisations, ${USERS} users`,
          processes,
          { DATABASE_URL: pgCopy.url },
          (servers) => spread(pgTokens, servers),
        ),
      );
} finally {
  await pgCopy?.drop();
}

const singlePhase = skip.has("single") ? undefined : phases[0];
const tenantsPhase = phases[skip.has("single") ? 0 : 1]!;
console.log(
  `\nTenant benchmark, ${availableParallelism()} cpus; ${USERS} users, think time ${THINK_MS} ms (0.5-1.5x), ${START === "together" ? "all starting together" : "starts spread over the first think time"}, ${SECONDS} s per phase; ${derivedModeText}; times in ms.`,
);
for (const item of phases) console.log(item.text);
if (singlePhase)
  console.log(
    `cost of tenancy (uncached, ${tenantsPhase.label} / single): p50 ${(tenantsPhase.uncached.p50 / singlePhase.uncached.p50).toFixed(2)}x, p95 ${(tenantsPhase.uncached.p95 / singlePhase.uncached.p95).toFixed(2)}x`,
  );
const round = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? "NaN" : value.toFixed(1);
const errors = phases.reduce((sum, item) => sum + item.errors, 0);
const peakRss = Math.max(...phases.flatMap((item) => item.peakRssMb));
console.log(
  `tenants: orgs=${data.orgs.length} size=${spec.size} uncached_p50_ms=${round(tenantsPhase.uncached.p50)} uncached_p95_ms=${round(tenantsPhase.uncached.p95)} single_org_p95_ms=${round(singlePhase?.uncached.p95)} peak_rss_mb=${Math.round(peakRss)} errors=${errors}`,
);
process.exit(0);
