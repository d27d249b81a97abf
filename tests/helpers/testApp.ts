import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../server/app.ts";
import { createContext } from "../../server/bootstrap/context.ts";
import { seedDemo } from "../../server/bootstrap/seedDemo.ts";
import type { Clock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { AppContext } from "../../server/context.ts";
import { liveWebsocketHandler } from "../../server/live/channelRoute.ts";
import { createLogger } from "../../server/logger.ts";
import {
  type Backend,
  createRunDatabase,
  databaseUrl,
  freshPostgresDatabase,
  runDatabaseName,
} from "./backends.ts";
import { HttpClient } from "./httpClient.ts";
import { oncePerTestRun } from "./oncePerTestRun.ts";

/** A clock the test moves by hand. */
export class ManualClock implements Clock {
  constructor(private current = new Date("2026-03-01T12:00:00Z")) {}
  now() {
    return new Date(this.current);
  }
  advance(seconds: number) {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

export interface TestApp {
  backend: Backend;
  context: AppContext;
  app: ReturnType<typeof createApp>;
  clock: ManualClock;
  dataDir: string;
  /** A fresh client with its own cookie jar. */
  client(options?: { ip?: string }): HttpClient;
  /** Serves the app over real HTTP (websockets need it); answers the base URL. */
  listen(): string;
  close(): Promise<void>;
}

/** The configuration of a test app over `dataDir` (and PostgreSQL at `databaseUrl`, if given). */
export function testConfig(
  dataDir: string,
  databaseUrl: string | undefined,
  env: Record<string, string> = {},
) {
  return loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: "http://localhost:3000",
    LOG_REQUESTS: "0",
    TRUST_PROXY: "1",
    SEED_DEMO: "0",
    // Uploads here would each queue a background job writing analysis files; the tests that are
    // about that job turn it on.
    PREPARE_ANALYSIS_FILES: "0",
    // Likewise the refresh that reruns a replaced year's steps (organisations/yearRefresh.ts): the
    // tests of a year's states after new data would race it; its own tests turn it on.
    REFRESH_REPLACED_YEARS: "0",
    ...env,
  });
}

/**
 * A fresh embedded database, migrated, with pg-boss's schema and queues, kept once per test
 * process: PGlite's initdb and the migrations take 5-10 s a database on the test machine, pg-boss's
 * first start on PGlite another half second per app, copying the closed folder a fifth of a second.
 * Each app starts on its own copy.
 */
let pgliteTemplate: Promise<string> | undefined;
function migratedPgliteFolder(): Promise<string> {
  pgliteTemplate ??= (async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "vitality-test-template-"));
    process.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
    // A key of its own: no generated key is kept in the copies' settings.
    const context = await createContext(testConfig(dataDir, undefined, { SECRET_KEY: "t".repeat(32) }), {
      logger: createLogger("text", true),
    });
    await context.jobs.start({ work: false });
    await context.jobs.stop();
    await context.live.stop();
    await context.database.close();
    return join(dataDir, "pglite");
  })();
  // A failed template is made again by the next app rather than failing every later one.
  pgliteTemplate.catch(() => {
    pgliteTemplate = undefined;
  });
  return pgliteTemplate;
}

/**
 * The demo as `npm start` seeds it (its last two years enabled, its analysis files written), seeded
 * once per test run and backend: a data folder (with PGlite's database in it) and, on PostgreSQL, a
 * database, which each app that asks for the demo copies. Seeding takes 15-60 s a time; a copy,
 * a second or two.
 */
const SEEDED_PREFIX = "vitality_seeded_";
async function seededDemo(backend: Backend) {
  const database = backend === "postgres" ? runDatabaseName(SEEDED_PREFIX) : undefined;
  const dataDir = await oncePerTestRun(`demo-${backend}`, async (folder) => {
    if (database) await createRunDatabase(SEEDED_PREFIX);
    const seeding = await startTestApp(
      backend,
      {},
      { dataDir: folder, databaseUrl: database && databaseUrl(database) },
    );
    await seedDemo(seeding.context);
    await seeding.close();
  });
  return { dataDir, database };
}

/** The whole API on a fresh database of the chosen backend, with a temporary data folder. */
export async function startTestApp(
  backend: Backend,
  env: Record<string, string> = {},
  options: {
    shareDatabaseWith?: TestApp;
    /** A database reached another way (through a proxy the test cuts): shared, never dropped. */
    databaseUrl?: string;
    /** A data folder the caller made and removes (a small filesystem: the full-disk tests). */
    dataDir?: string;
    /** Start on a copy of the seeded demo (seedDemo.ts), made once per test run. */
    demo?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "vitality-test-"));
  // A second "server process" on the same PostgreSQL database (scale-out tests) shares, never drops
  // it; so does an app reaching its database another way (through a proxy the test cuts).
  const shared = options.databaseUrl ?? options.shareDatabaseWith?.context.config.databaseUrl;
  const demo = options.demo ? await seededDemo(backend) : undefined;
  const postgresDb =
    backend === "postgres" && !shared ? await freshPostgresDatabase({ template: demo?.database }) : undefined;
  if (demo) cpSync(demo.dataDir, dataDir, { recursive: true, preserveTimestamps: true });
  else if (backend === "pglite") {
    cpSync(await migratedPgliteFolder(), join(dataDir, "pglite"), { recursive: true });
  }
  const config = testConfig(dataDir, shared ?? postgresDb?.url, env);
  const clock = new ManualClock();
  const context = await createContext(config, { clock, logger: createLogger("text", true) });
  // Jobs work in the test app as in the server: a queued scheme run really runs.
  await context.jobs.start();
  const app = createApp(context);
  let server: ReturnType<typeof Bun.serve> | undefined;
  return {
    backend,
    context,
    app,
    clock,
    dataDir,
    client: (options) => new HttpClient(app, options?.ip),
    listen() {
      server ??= Bun.serve({
        port: 0,
        fetch: (request, srv) => app.fetch(request, srv),
        websocket: liveWebsocketHandler,
      });
      return `http://127.0.0.1:${server.port}`;
    },
    async close() {
      await server?.stop(true);
      await context.jobs.stop({ graceful: false });
      await context.live.stop();
      await context.database.close();
      await postgresDb?.drop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
