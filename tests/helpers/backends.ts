import postgres from "postgres";
import { openDatabase } from "../../server/db/client.ts";
import { isAlive } from "../../server/ingest/sweep.ts";
import { testRun } from "./oncePerTestRun.ts";

export type Backend = "pglite" | "postgres";

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function postgresReachable(): Promise<boolean> {
  const probe = postgres(ADMIN_URL, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await probe`SELECT 1`;
    return true;
  } catch {
    return false;
  } finally {
    await probe.end({ timeout: 1 });
  }
}

/**
 * The backends database tests run on: PGlite always; PostgreSQL when reachable. With
 * REQUIRE_POSTGRES=1 (CI) an unreachable server fails the run instead of being skipped.
 */
export const backends: Backend[] = await (async () => {
  if (await postgresReachable()) return ["pglite", "postgres"] as Backend[];
  if (process.env.REQUIRE_POSTGRES === "1") {
    throw new Error(`REQUIRE_POSTGRES=1 but PostgreSQL is not reachable at ${ADMIN_URL}`);
  }
  console.warn(`PostgreSQL not reachable at ${ADMIN_URL}: database tests run on PGlite only`);
  return ["pglite"] as Backend[];
})();

/** The address of the database `name` on the test PostgreSQL server. */
export const databaseUrl = (name: string) => ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
const TEMPLATE_PREFIX = "vitality_template_";

/** Drops `name` and the databases named `prefix` and the pid of a process that has ended. */
async function dropEndedDatabases(admin: postgres.Sql, prefix: string, name: string) {
  const existing = await admin<{ datname: string }[]>`
    SELECT datname FROM pg_database WHERE starts_with(datname, ${prefix})`;
  for (const { datname } of existing) {
    const pid = Number(datname.slice(prefix.length).split("_")[0]);
    if (datname === name || !isAlive(pid))
      await admin.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  }
}

/**
 * A migrated database per test process, which every fresh database copies: the migrations take
 * about a second a database on the test machine, a copy a fraction of that. Templates of test
 * processes that have ended are dropped by the next one (an exiting process cannot wait for a drop).
 */
let template: Promise<string> | undefined;
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const name = `${TEMPLATE_PREFIX}${process.pid}`;
    const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
    try {
      await dropEndedDatabases(admin, TEMPLATE_PREFIX, name);
      await admin.unsafe(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    const migrated = await openDatabase({ databaseUrl: databaseUrl(name), max: 2 });
    await migrated.close();
    return name;
  })();
  template.catch(() => {
    template = undefined;
  });
  return template;
}

/**
 * A fresh PostgreSQL database for one test file, migrated as a first start leaves it (or empty,
 * as a restore wants it, or a copy of `template`); dropped by the returned function.
 */
export async function freshPostgresDatabase(
  options: { empty?: boolean; template?: string } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vitality_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const source = options.empty ? "template0" : (options.template ?? (await migratedTemplate()));
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${source}`);
  await admin.end();
  return {
    url: databaseUrl(name),
    drop: async () => {
      const dropper = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** The name of this test run's database `prefix` (oncePerTestRun.ts): the runner's pid leads. */
export const runDatabaseName = (prefix: string) => `${prefix}${testRun().id}`;

/**
 * Makes this run's database `prefix` (`runDatabaseName`) a migrated database, once per test run
 * (oncePerTestRun.ts), for the run's workers to copy (`freshPostgresDatabase({ template })`); first
 * drops the databases of `prefix` whose run has ended.
 */
export async function createRunDatabase(prefix: string) {
  const name = runDatabaseName(prefix);
  const source = await migratedTemplate();
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    await dropEndedDatabases(admin, prefix, name);
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${source}`);
  } finally {
    await admin.end();
  }
}
