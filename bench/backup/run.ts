/**
 * `npm run bench backup [1m] [10m]`: how long `vitality backup` and `vitality restore` take on the
 * fixture of each size (docs/operations.md, "How long it takes"). The data folder is the queries
 * benchmark's (bench/queries/setup.ts: the fixture generated once, ingested once, kept under
 * bench/out/queries/<size>, or BENCH_OUT); each round runs the two commands as an operator does,
 * as child processes with no server running (the command then opens the embedded database
 * itself), into scratch folders under bench/out/backup/ that are removed after the round. Then
 * the same on PostgreSQL (BENCH_POSTGRES_URL, default the local server; BENCH_SKIP=postgres
 * leaves it out): a fresh database holding the rows the demo organisation's runs read, beside the
 * same data folder, restored into a new empty database. Wall time of each command, the backup's
 * size and the machine's load before and after are printed. BENCH_ROUNDS rounds (default 2).
 */
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import postgres from "postgres";
import type { BackupManifest } from "../../server/backup/manifest.ts";
import { postgresCopy } from "../queries/postgresCopy.ts";
import { dataDirOf, openBenchData } from "../queries/setup.ts";

const root = resolve(import.meta.dir, "..", "..");
const cli = join(root, "server", "cli", "main.ts");
const scratch = join(root, "bench", "out", "backup");
const sizes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["1m"];
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
/** BENCH_SKIP=postgres: the embedded database only. */
const skip = new Set((process.env.BENCH_SKIP ?? "").split(",").filter(Boolean));
const postgresAdminUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");
const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/** Runs a vitality command; answers its wall time in seconds (a failure stops the benchmark). */
async function timed(env: Record<string, string>, ...args: string[]) {
  const started = performance.now();
  const child = Bun.spawn([process.execPath, cli, ...args], {
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, NODE_ENV: "production", SEED_DEMO: "0", DATABASE_URL: "", ...env },
  });
  const [code, stdout, stderr] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`vitality ${args.join(" ")} exited ${code}: ${stderr}${stdout}`);
  return { seconds, stdout: stdout.trim() };
}

/** A new, empty PostgreSQL database to restore into; dropped after the round. */
async function emptyDatabase() {
  const name = `vitality_bench_restore_${process.pid}_${Date.now().toString(36)}`;
  const admin = postgres(postgresAdminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: postgresAdminUrl.replace(/\/[^/]*$/, `/${name}`),
    async drop() {
      const dropper = postgres(postgresAdminUrl, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** One backup and restore of the data folder, on the embedded database or (databaseUrl) PostgreSQL. */
async function round(size: string, label: string, dataDir: string, databaseUrl?: string) {
  const out = join(scratch, `${size}-backup`);
  const restored = join(scratch, `${size}-restored`);
  rmSync(out, { recursive: true, force: true });
  rmSync(restored, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const target = databaseUrl ? await emptyDatabase() : undefined;
  try {
    const before = load();
    const backup = await timed(
      { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "" },
      "backup",
      "--out",
      out,
    );
    const restore = await timed(
      { DATA_DIR: "", DATABASE_URL: target?.url ?? "" },
      "restore",
      "--from",
      out,
      "--data",
      restored,
    );
    const manifest = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8")) as BackupManifest;
    const filesBytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
    const database = databaseUrl ? "the dump" : "the database image";
    console.log(
      [
        `${size} ${label} (load ${before} -> ${load()}):`,
        `  backup ${backup.seconds.toFixed(1)} s, restore ${restore.seconds.toFixed(1)} s`,
        `  backup size ${mb(manifest.totalBytes)}: ${database} ${mb(manifest.database.bytes)}, ${manifest.files.length} files ${mb(filesBytes)}`,
        `  recovery point ${manifest.snapshotAt} (backup started ${manifest.startedAt}, finished ${manifest.finishedAt})`,
      ].join("\n"),
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
    rmSync(restored, { recursive: true, force: true });
    await target?.drop();
  }
}

for (const size of sizes) {
  // Generated and ingested once (later runs reuse both); closed again: the commands open it.
  const data = await openBenchData(size);
  // PostgreSQL: a fresh database with the rows the demo organisation's runs read (postgresCopy.ts),
  // beside the same data folder.
  const pgCopy = skip.has("postgres")
    ? undefined
    : await postgresCopy(data.context.database.db, postgresAdminUrl);
  await pgCopy?.database.close();
  await data.context.live.stop();
  await data.context.database.close();
  const dataDir = dataDirOf(size);
  try {
    for (let index = 1; index <= rounds; index++) await round(size, `PGlite round ${index}`, dataDir);
    if (pgCopy)
      for (let index = 1; index <= rounds; index++)
        await round(size, `PostgreSQL round ${index}`, dataDir, pgCopy.url);
  } finally {
    await pgCopy?.drop();
  }
}
