/**
 * Soak benchmark (issue 33, a script, not a test): `npm run bench soak [1m]`. The tenant bench's
 * readers (BENCH_USERS over BENCH_ORGS organisations, think time BENCH_THINK_MS, bench/tenants)
 * for BENCH_SOAK_MINUTES (120) against one server process on the embedded database, with the
 * practices and staff at work mixed in (practiceAtWork.ts): a cycle every BENCH_SOAK_CYCLE_SECONDS
 * (60), an organisation's new extract, its year's refresh and staff's enable, a report subscribed
 * to and sent now through a real SMTP server started here.
 *
 * Every 10 s it samples the server's resident memory and open files. Each BENCH_SOAK_WINDOW_MINUTES
 * (10) window prints its answers, p50 / p95, errors, peak RSS, open files and the machine's load;
 * the end prints the slopes of RSS and open files after the first window (least squares, per hour:
 * flat is what a process whose caches are bounded shows) and a machine-readable line.
 *
 * Every BENCH_SOAK_BACKUP_MINUTES (30; 0: none), the first half that long in, `vitality backup` of
 * the running deployment as an operator takes it (backupsUnderLoad.ts): its time, size and
 * recovery point, and the readers' answers while it ran.
 *
 * What the memory is made of: the server logs it every BENCH_SOAK_MEMORY_SECONDS (60, through
 * VITALITY_MEMORY_LOG_SECONDS, server/caches/memoryLog.ts) and each window prints its last look (JS
 * heap, Bun's allocator, PGlite's WebAssembly memory, DuckDB's instances and buffers, the rest), the
 * caches against their bounds and the kinds of JS object gained since the start; the end prints
 * each part's slope after the first window, so a climb of the RSS is put down to its part.
 */
import { execSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { hashPassword } from "../../server/auth/passwords.ts";
import { createSession } from "../../server/auth/sessions.ts";
import { customerUsers, staffAccounts } from "../../server/db/schema/index.ts";
import { startSmtpTestServer } from "../../tests/helpers/smtpTestServer.ts";
import { startBenchServer } from "../tenants/servers.ts";
import {
  benchEnv as env,
  openTenantData,
  serverEnv,
  tenantFixtureDir,
  tenantSessions,
  tenantSpecOfArgs,
} from "../tenants/setup.ts";
import { runUsers, type SimulatedUser } from "../tenants/users.ts";
import { type BackupUnderLoad, backupUnderLoad } from "./backupsUnderLoad.ts";
import { MemoryReader } from "./memoryParts.ts";
import { type CycleOutcome, latestPracticeYear, refreshCycle } from "./practiceAtWork.ts";
import { reviewYears } from "./reviewedYears.ts";

const spec = tenantSpecOfArgs();
const USERS = Number(env("BENCH_USERS", "100"));
const THINK_MS = Number(env("BENCH_THINK_MS", "2000"));
const MINUTES = Number(env("BENCH_SOAK_MINUTES", "120"));
const WINDOW_MINUTES = Number(env("BENCH_SOAK_WINDOW_MINUTES", "10"));
/** A cycle starts this long after the one before started (or when it ends, if it took longer). */
const CYCLE_SECONDS = Number(env("BENCH_SOAK_CYCLE_SECONDS", "60"));
/** The server logs where its memory is this often (VITALITY_MEMORY_LOG_SECONDS). */
const MEMORY_SECONDS = env("BENCH_SOAK_MEMORY_SECONDS", "60");
/** A backup of the running deployment this often, the first half a period in (0: none). */
const BACKUP_MINUTES = Number(env("BENCH_SOAK_BACKUP_MINUTES", "30"));

const load = () =>
  execSync("uptime")
    .toString()
    .trim()
    .replace(/^.*load average: /, "")
    .split(",")[0]!;

console.log(
  `soak: ${spec.size}, ${spec.organisations} organisations, ${USERS} users, think ${THINK_MS} ms, ${MINUTES} min`,
);
const data = await openTenantData(spec);
const { db } = data.context.database;
const perOrganisation = Math.ceil(USERS / data.orgs.length);
const tokens = await tenantSessions(db, data.orgs, perOrganisation);
const adminTokens = await tenantSessions(db, data.orgs, 1);
const admins = new Map<string, { token: string; userId: string }>();
for (const org of data.orgs) {
  const [user] = await db
    .select({ id: customerUsers.id })
    .from(customerUsers)
    .where(eq(customerUsers.email, `bench+${org.slug}@example.com`));
  admins.set(org.slug, { token: adminTokens.get(org.slug)![0]!, userId: user!.id });
}
let [staff] = await db.select().from(staffAccounts).where(eq(staffAccounts.username, "soak-staff"));
if (!staff)
  [staff] = await db
    .insert(staffAccounts)
    .values({
      username: "soak-staff",
      email: "soak-staff@vitality.local",
      passwordHash: await hashPassword("soak-staff-password"),
      role: "site_admin",
    })
    .returning();
const { token: staffToken } = await createSession(db, new Date(), {
  kind: "admin",
  staffAccountId: staff!.id,
});
// The years the cycles refresh, reviewed once as staff would: each refresh can then end ready for
// staff's enable instead of stopping for a questionnaire nobody answered.
const review = await reviewYears(
  data.context,
  data.orgs,
  (slug) => latestPracticeYear(tenantFixtureDir(spec), slug).year,
);
if (review.reviewed > 0)
  console.log(`reviewed ${review.reviewed} latest years as staff would in ${review.seconds.toFixed(0)} s`);
await data.context.database.close();

const smtp = await startSmtpTestServer();
const server = await startBenchServer({
  ...serverEnv(data.dataDir),
  SMTP_URL: smtp.url,
  VITALITY_MEMORY_LOG_SECONDS: MEMORY_SECONDS,
});
const memory = new MemoryReader(server.output);
const started = performance.now();
const elapsedMinutes = () => (performance.now() - started) / 60_000;

/** The parts of the server's `memory:` line shown and sloped, with their short names. */
const MEMORY_PARTS: [string, string][] = [
  // The resident set at the server's own looks (the /proc samples every 10 s are `rss` apart).
  ["rss_mb", "rss_look"],
  ["js_objects_mb", "js_objects"],
  ["js_extra_mb", "js_extra"],
  ["pglite_wasm_mb", "pglite"],
  ["duckdb_mb", "duckdb"],
  ["other_mb", "other"],
];
const signed = (value: number) => `${value >= 0 ? "+" : ""}${value.toFixed(1)}`;
const partsText = (parts: Record<string, number>) =>
  `${MEMORY_PARTS.filter(([name]) => parts[name] !== undefined)
    .map(([name, label]) => `${label} ${parts[name]!.toFixed(0)}`)
    .join(", ")} MB; ${parts.duckdb_instances ?? "?"} DuckDB instances`;

/** Every 10 s: minutes since the start, resident MB, open files, the machine's 1-minute load. */
const points: { minute: number; rssMb: number; files: number; load: number }[] = [];
const sample = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  const rssKb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  points.push({
    minute: elapsedMinutes(),
    rssMb: rssKb / 1024,
    files: readdirSync(`/proc/${server.pid}/fd`).length,
    load: Number(load()),
  });
  memory.take(elapsedMinutes());
};
sample();
const sampler = setInterval(sample, 10_000);
// As each window ends, where the memory is (the table at the end has the rest): a long run can be
// read while it runs.
let windowsShown = 0;
const windowWatch = setInterval(() => {
  const ended = Math.floor(elapsedMinutes() / WINDOW_MINUTES);
  if (ended <= windowsShown) return;
  windowsShown = ended;
  const last = memory.points.at(-1);
  const rss = points.filter((p) => p.minute >= (ended - 1) * WINDOW_MINUTES).map((p) => p.rssMb);
  console.log(
    `  [${elapsedMinutes().toFixed(1)} min] window ${ended}: peak RSS ${Math.max(...rss).toFixed(0)} MB${last ? `; memory at ${last.minute.toFixed(1)} min: ${partsText(last.parts)}` : ""}`,
  );
}, 5_000);

const users: SimulatedUser[] = Array.from({ length: USERS }, (_, i) => {
  const org = data.orgs[i % data.orgs.length]!;
  return {
    organisation: org.slug,
    token: tokens.get(org.slug)![Math.floor(i / data.orgs.length)]!,
    baseUrl: server.baseUrl,
  };
});
const reading = runUsers(users, {
  seconds: MINUTES * 60,
  thinkMs: THINK_MS,
  seed: spec.seed,
  start: "spread",
});

const cycles: (CycleOutcome & { minute: number })[] = [];
const writer = { baseUrl: server.baseUrl, fixtureDir: tenantFixtureDir(spec), admins, staffToken };
const working = (async () => {
  for (let cycle = 0; elapsedMinutes() < MINUTES - 1; cycle++) {
    const organisation = data.orgs[cycle % data.orgs.length]!;
    const minute = elapsedMinutes();
    const paced = Bun.sleep(CYCLE_SECONDS * 1000);
    const outcome = await refreshCycle(writer, organisation, Math.floor(cycle / data.orgs.length));
    cycles.push({ ...outcome, minute });
    console.log(
      `  [${minute.toFixed(1)} min] ${outcome.organisation} ${outcome.year}: upload ${outcome.uploadSeconds.toFixed(1)} s, refreshed after ${outcome.refreshedSeconds?.toFixed(0) ?? "-"} s, ${outcome.enabledSeconds !== undefined ? `enabled after ${outcome.enabledSeconds.toFixed(0)} s` : `stopped for staff: ${outcome.stoppedFor ?? "-"}`}${outcome.failures.length ? `; ${outcome.failures.join("; ")}` : ""}`,
    );
    await paced;
  }
})();

const backups: BackupUnderLoad[] = [];
const backingUp = (async () => {
  if (BACKUP_MINUTES <= 0) return;
  const env = { ...serverEnv(data.dataDir), DATABASE_URL: "" };
  const out = join(data.dataDir, "..", `soak-backup-${process.pid}`);
  // A backup starts only while the readers still read for a minute: it is measured under load.
  for (let next = BACKUP_MINUTES / 2; next < MINUTES - 1; next += BACKUP_MINUTES) {
    await Bun.sleep(Math.max(0, (next - elapsedMinutes()) * 60_000));
    const backup = await backupUnderLoad(env, out, elapsedMinutes);
    backups.push(backup);
    console.log(
      `  [${backup.fromMinute.toFixed(1)} min] backup ${backup.failure ? `FAILED (${backup.failure})` : `${backup.seconds.toFixed(1)} s, ${(backup.totalBytes / 1024 ** 2).toFixed(0)} MB in ${backup.files} files, recovery point ${backup.recoveryPointSeconds.toFixed(1)} s after its start`}`,
    );
  }
})();

const result = await reading;
await working;
await backingUp;
clearInterval(sampler);
clearInterval(windowWatch);
sample();
await server.stop();
memory.take(elapsedMinutes());
await smtp.close();

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
/** Least-squares slope of y over minutes, per hour. */
const slopePerHour = (xs: number[], ys: number[]) => {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  const num = xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i]! - my), 0);
  const den = xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
  return den === 0 ? 0 : (num / den) * 60;
};

console.log(`\nSoak, ${MINUTES} min; windows of ${WINDOW_MINUTES} min; times in ms.`);
console.log("window      answers  p50     p95     errors  peak RSS MB  open files  load  cycles  enabled");
const windows = Math.ceil(MINUTES / WINDOW_MINUTES);
const p95s: number[] = [];
for (let w = 0; w < windows; w++) {
  const from = w * WINDOW_MINUTES;
  const to = from + WINDOW_MINUTES;
  const inWindow = result.samples.filter((s) => s.at / 60 >= from && s.at / 60 < to);
  const ms = inWindow.map((s) => s.ms);
  const errors = inWindow.filter((s) => s.status !== 200).length;
  const pts = points.filter((p) => p.minute >= from && p.minute < to);
  const p95 = percentile(ms, 95);
  p95s.push(p95);
  const windowCycles = cycles.filter((c) => c.minute >= from && c.minute < to);
  const doneCycles = windowCycles.length;
  const windowEnabled = windowCycles.filter((c) => c.enabledSeconds !== undefined).length;
  console.log(
    `${String(from).padStart(3)}-${String(to).padEnd(4)} min ${String(inWindow.length).padStart(8)}  ${percentile(ms, 50).toFixed(1).padStart(6)}  ${p95.toFixed(1).padStart(6)}  ${String(errors).padStart(6)}  ${Math.max(
      ...pts.map((p) => p.rssMb),
    )
      .toFixed(0)
      .padStart(11)}  ${String(Math.max(...pts.map((p) => p.files))).padStart(10)}  ${Math.max(
      ...pts.map((p) => p.load),
    )
      .toFixed(1)
      .padStart(4)}  ${String(doneCycles).padStart(6)}  ${windowEnabled}`,
  );
  const last = memory.points.filter((p) => p.minute >= from && p.minute < to).at(-1);
  if (last) console.log(`  memory at ${last.minute.toFixed(0)} min: ${partsText(last.parts)}`);
  const caches = memory.caches.filter((c) => c.minute >= from && c.minute < to).at(-1);
  if (caches) console.log(`  ${caches.line}`);
  const gained = [...memory.typesGainedBy(to)].slice(0, 5);
  if (gained.length)
    console.log(
      `  JS objects gained since the start: ${gained.map(([type, n]) => `${type} +${n}`).join(", ")}`,
    );
}
const settled = points.filter((p) => p.minute >= WINDOW_MINUTES);
const rssSlope = slopePerHour(
  settled.map((p) => p.minute),
  settled.map((p) => p.rssMb),
);
const filesSlope = slopePerHour(
  settled.map((p) => p.minute),
  settled.map((p) => p.files),
);
/** Each memory part's slope after the first window, MB per hour (the server's own looks at its memory). */
const settledMemory = memory.points.filter((p) => p.minute >= WINDOW_MINUTES);
const partSlopes = MEMORY_PARTS.map(([name, label]) => {
  const withPart = settledMemory.filter((p) => p.parts[name] !== undefined);
  return {
    label,
    slope: slopePerHour(
      withPart.map((p) => p.minute),
      withPart.map((p) => p.parts[name]!),
    ),
    points: withPart.length,
  };
});
const errors = result.samples.filter((s) => s.status !== 200).length + result.manifestErrors;
const writeFailures = cycles.flatMap((c) => c.failures);
const refreshed = cycles.filter((c) => c.refreshedSeconds !== undefined).map((c) => c.refreshedSeconds!);
const enabledCount = cycles.filter((c) => c.enabledSeconds !== undefined).length;
const enabledAfter = cycles.filter((c) => c.enabledSeconds !== undefined).map((c) => c.enabledSeconds!);
/** Failed reads by kind: the HTTP status, or the client's error code when no answer came. */
const errorKinds = new Map<string, number>();
for (const s of result.samples.filter((s) => s.status !== 200)) {
  const kind = s.status === 0 ? (s.failure ?? "no answer") : `HTTP ${s.status}`;
  errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
}
const stoppedFor = new Map<string, number>();
for (const c of cycles.filter((c) => c.stoppedFor !== undefined))
  stoppedFor.set(c.stoppedFor!, (stoppedFor.get(c.stoppedFor!) ?? 0) + 1);
console.log(
  `after the first window: RSS ${rssSlope >= 0 ? "+" : ""}${rssSlope.toFixed(1)} MB/h, open files ${filesSlope >= 0 ? "+" : ""}${filesSlope.toFixed(1)}/h; p95 by window ${Math.min(...p95s).toFixed(0)}-${Math.max(...p95s).toFixed(0)} ms`,
);
if (settledMemory.length >= 2)
  console.log(
    `memory slopes after the first window (MB/h, ${settledMemory.length} looks): ${partSlopes
      .filter((part) => part.points >= 2)
      .map((part) => `${part.label} ${signed(part.slope)}`)
      .join(", ")}`,
  );
console.log(
  `writers: ${cycles.length} cycles (new extract, refresh, enable, report); refreshed after p50 ${percentile(refreshed, 50).toFixed(0)} s, max ${Math.max(...refreshed, 0).toFixed(0)} s; enabled ${enabledCount} (p50 ${percentile(enabledAfter, 50).toFixed(0)} s after the upload), not enabled ${cycles.length - enabledCount}${stoppedFor.size ? ` (stopped for staff: ${[...stoppedFor].map(([why, n]) => `${n} x ${why}`).join("; ")})` : ""}; ${smtp.received.length} report mails received; ${writeFailures.length} failed calls${writeFailures.length ? `: ${writeFailures.slice(0, 3).join(" | ")}` : ""}`,
);
console.log(
  `read errors by kind: ${errorKinds.size ? [...errorKinds].map(([kind, n]) => `${kind} ${n}`).join(", ") : "none"}${result.manifestErrors ? `; ${result.manifestErrors} manifests failed` : ""}`,
);
for (const backup of backups) {
  const during = result.samples.filter((s) => s.at / 60 >= backup.fromMinute && s.at / 60 <= backup.toMinute);
  console.log(
    `backup at ${backup.fromMinute.toFixed(1)} min: ${backup.failure ? `failed: ${backup.failure}` : `${backup.seconds.toFixed(1)} s, ${(backup.totalBytes / 1024 ** 2).toFixed(0)} MB, ${backup.files} files, ${backup.missingNamedFiles} named files missing, recovery point +${backup.recoveryPointSeconds.toFixed(1)} s`}; answers meanwhile ${during.length}, p50 ${percentile(
      during.map((s) => s.ms),
      50,
    ).toFixed(1)} p95 ${percentile(
      during.map((s) => s.ms),
      95,
    ).toFixed(1)} ms, errors ${during.filter((s) => s.status !== 200).length}`,
  );
}
if (result.errorExamples.length) console.log(`read errors, first: ${result.errorExamples.join(" | ")}`);
// The server's own account of its failures (its error lines: the stack of a 500), the first few.
const serverErrors = memory.linesMatching(/"level":"error"|\berror\b.*unhandled|unhandled error/).slice(0, 3);
if (serverErrors.length)
  console.log(
    `server error lines, first ${serverErrors.length}:\n${serverErrors.map((l) => `  ${l.slice(0, 2000)}`).join("\n")}`,
  );
console.log(
  `soak: minutes=${MINUTES} orgs=${data.orgs.length} users=${USERS} answers=${result.samples.length} p95_ms=${percentile(
    result.samples.map((s) => s.ms),
    95,
  ).toFixed(1)} rss_slope_mb_h=${rssSlope.toFixed(1)} ${partSlopes
    .filter((part) => part.points >= 2)
    .map((part) => `${part.label}_slope_mb_h=${part.slope.toFixed(1)}`)
    .join(
      " ",
    )} files_slope_h=${filesSlope.toFixed(1)} errors=${errors} write_failures=${writeFailures.length} cycles=${cycles.length} enables=${enabledCount} mails=${smtp.received.length} backups=${backups.filter((b) => !b.failure).length}/${backups.length}`,
);
process.exit(0);
