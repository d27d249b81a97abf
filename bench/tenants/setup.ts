/**
 * The tenant benchmark's data: the tenant fixture (fixtures/generator/tenants.ts: one market, N
 * generated organisations) generated once into the git-ignored fixtures/generated/, and loaded once
 * into a data folder under bench/out/tenants/ keyed by size, organisation count and seed (embedded
 * database with every organisation imported, market and practice files ingested). Reruns reuse
 * both; a load that stopped half way resumes (ingest skips what is there).
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { createSession } from "../../server/auth/sessions.ts";
import { createContext } from "../../server/bootstrap/context.ts";
import { loadConfig } from "../../server/config.ts";
import type { AppContext } from "../../server/context.ts";
import type { Db } from "../../server/db/client.ts";
import { customerUsers, organisations, organisationYears } from "../../server/db/schema/index.ts";
import { prepareEveryOrganisation } from "../../server/engine/derived/prepareFiles.ts";
import { importOrganisation } from "../../server/fixtures/importOrganisation.ts";
import { organisationFileSchema } from "../../server/fixtures/organisationFile.ts";
import { ingestFixtureFolder } from "../../server/ingest/fixtureFolder.ts";
import { createLogger } from "../../server/logger.ts";
import { copyZipPolygons } from "./zipPolygons.ts";

const root = resolve(import.meta.dir, "..", "..");

export interface TenantSpec {
  size: string;
  organisations: number;
  seed: number;
}

/** A bench setting: its environment variable, else the default. */
export const benchEnv = (name: string, fallback: string) => process.env[name] ?? fallback;

/** The tenant data asked for: the size as the first argument (or BENCH_SIZE), BENCH_ORGS, BENCH_SEED. */
export const tenantSpecOfArgs = (): TenantSpec => ({
  size: process.argv[2] ?? benchEnv("BENCH_SIZE", "1m"),
  organisations: Number(benchEnv("BENCH_ORGS", "50")),
  seed: Number(benchEnv("BENCH_SEED", "42")),
});

const specName = (spec: TenantSpec) => `tenants-${spec.size}-${spec.organisations}-s${spec.seed}`;
export const tenantFixtureDir = (spec: TenantSpec) => join(root, "fixtures", "generated", specName(spec));
export const tenantDataDir = (spec: TenantSpec) =>
  join(
    process.env.BENCH_OUT ? resolve(process.env.BENCH_OUT) : join(root, "bench", "out", "tenants"),
    specName(spec),
  );

/** Generates the tenant fixture when absent (1m x 50 organisations: about 2.5 minutes here). */
export function ensureTenantFixture(spec: TenantSpec) {
  const dir = tenantFixtureDir(spec);
  if (existsSync(join(dir, "manifest.json"))) return dir;
  console.log(`generating ${specName(spec)} (once) ...`);
  const run = Bun.spawnSync(
    [
      process.execPath,
      join(root, "server/cli/main.ts"),
      "fixtures",
      "generate",
      ...["--size", spec.size, "--seed", String(spec.seed), "--orgs", String(spec.organisations)],
      ...["--out", dir],
    ],
    { stdout: "inherit", stderr: "inherit" },
  );
  if (run.exitCode !== 0) throw new Error(`tenant fixture generation failed for ${specName(spec)}`);
  return dir;
}

/** The server's environment over the data folder (the bench's own context uses the same). */
export const serverEnv = (dataDir: string): Record<string, string> => ({
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  SEED_DEMO: "0",
  LOG_REQUESTS: "0",
  SECRET_KEY: "bench-secret-key-bench-secret-key-0123456789",
  VITALITY_ADMIN_PASSWORD: "bench-admin-password",
});

export interface TenantOrganisation {
  slug: string;
  id: string;
}

/**
 * Opens the data folder, importing and ingesting what is missing, then writing the missing analysis
 * files (unless `prepareFiles: false`). The caller closes the context before a server opens the
 * embedded database (one process's at a time).
 */
export async function openTenantData(spec: TenantSpec, options: { prepareFiles?: boolean } = {}) {
  const fixtureDir = ensureTenantFixture(spec);
  const manifest = JSON.parse(readFileSync(join(fixtureDir, "manifest.json"), "utf8")) as {
    organisations: string[];
  };
  const dataDir = tenantDataDir(spec);
  mkdirSync(dataDir, { recursive: true });
  copyZipPolygons(fixtureDir, dataDir);
  const context: AppContext = await createContext(loadConfig(serverEnv(dataDir)), {
    logger: createLogger("text", true),
  });
  const { db } = context.database;
  const started = performance.now();
  const orgs: TenantOrganisation[] = [];
  let ingested = 0;
  for (const [index, slug] of manifest.organisations.entries()) {
    let [organisation] = await db.select().from(organisations).where(eq(organisations.slug, slug));
    if (!organisation) {
      const file = join(fixtureDir, "organizations", slug, "organization.json");
      const definition = organisationFileSchema.parse(JSON.parse(readFileSync(file, "utf8")));
      organisation = await importOrganisation(db, slug, definition);
    }
    // The market is shared: ingested with the first organisation, skipped after.
    const summary = await ingestFixtureFolder(context, fixtureDir, { orgSlug: slug, market: index === 0 });
    const fresh = [...summary.market, ...summary.practice].filter((item) => item.result !== "skipped");
    ingested += fresh.length;
    if (fresh.length > 0)
      console.log(
        `  loaded ${slug} (${fresh.length} files) at ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    orgs.push({ slug, id: organisation.id });
  }
  if (ingested > 0)
    console.log(`loaded ${ingested} files in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await enableYears(db, orgs);
  // Cold-mode runs remove the files before each phase: writing them here would be wasted.
  if (options.prepareFiles ?? true) await prepareTenantFiles(context, orgs);
  return { context, dataDir, orgs };
}

/**
 * BENCH_YEARS: each organisation's latest N years (every year when unset). Customers read enabled
 * years only (staff enable a year once they have reviewed it): the bench's users read these, as a
 * customer whose years were reviewed does, and the others are not enabled (and not prepared: a
 * large bench's loading writes only what its users read).
 */
const YEARS = process.env.BENCH_YEARS ? Number(process.env.BENCH_YEARS) : undefined;
export const yearsRead = YEARS === undefined ? "every year enabled" : `the latest ${YEARS} year(s) enabled`;

/** One statement: a year is enabled when fewer than YEARS of its organisation's years are later. */
async function enableYears(db: Db, orgs: TenantOrganisation[]) {
  const later = alias(organisationYears, "later");
  const laterYears = db
    .select({ count: sql`count(*)` })
    .from(later)
    .where(
      and(eq(later.organisationId, organisationYears.organisationId), gt(later.year, organisationYears.year)),
    );
  await db
    .update(organisationYears)
    .set({ enabled: YEARS === undefined ? true : sql`(${laterYears}) < ${YEARS}` })
    .where(
      inArray(
        organisationYears.organisationId,
        orgs.map((organisation) => organisation.id),
      ),
    );
}

/**
 * The organisation-years' analysis files, as the data pipeline leaves them after an upload (its job
 * does not run here: no worker). Missing ones are written (a first load, a folder from before the
 * pipeline wrote them, or after a cold-mode run removed them); present ones cost a stat each.
 */
async function prepareTenantFiles(context: AppContext, orgs: TenantOrganisation[]) {
  const started = performance.now();
  let written = 0;
  let organisationYears = 0;
  await prepareEveryOrganisation(
    context,
    orgs.map((org) => org.id),
    (prepared) => {
      organisationYears += prepared.years.length;
      const files = prepared.years.reduce((sum, year) => sum + year.written, 0);
      written += files;
      if (files > 0) {
        const slug = orgs.find((org) => org.id === prepared.organisationId)?.slug;
        const years = prepared.years.map((year) => `${year.year} ${year.ms} ms`).join(", ");
        console.log(`  analysis files of ${slug}: ${files} written (${years})`);
      }
    },
    { enabledOnly: YEARS !== undefined },
  );
  console.log(
    `analysis files: ${organisationYears} organisation-years, ${written} files written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/**
 * `perOrganisation` signed-in sessions of one customer user per organisation (made in `db` before
 * a server starts; they travel as `Authorization: Token`).
 */
export async function tenantSessions(db: Db, orgs: TenantOrganisation[], perOrganisation: number) {
  const tokens = new Map<string, string[]>();
  for (const org of orgs) {
    const email = `bench+${org.slug}@example.com`;
    let [user] = await db.select().from(customerUsers).where(eq(customerUsers.email, email));
    if (!user) {
      [user] = await db
        .insert(customerUsers)
        .values({ organisationId: org.id, email, username: `Bench ${org.slug}`, isStaff: true })
        .returning();
    }
    const list: string[] = [];
    for (let i = 0; i < perOrganisation; i++) {
      const { token } = await createSession(db, new Date(), { kind: "client", customerUserId: user!.id });
      list.push(token);
    }
    tokens.set(org.slug, list);
  }
  return tokens;
}
