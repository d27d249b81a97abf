/**
 * The data a query benchmark reads: the fixture of a size (generated once into the git-ignored
 * fixtures/generated/<size>), ingested once into a persistent data folder bench/out/queries/<size>
 * (embedded database + Parquet warehouse) with the demo organisation imported. Later runs reuse both.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { and, eq } from "drizzle-orm";
import { createContext } from "../../server/bootstrap/context.ts";
import { enableDemoYears } from "../../server/bootstrap/demoAnalyses.ts";
import { DEMO_FIXTURE } from "../../server/bootstrap/demoOrganisation.ts";
import { loadConfig } from "../../server/config.ts";
import type { AppContext } from "../../server/context.ts";
import { organisations, organisationYears } from "../../server/db/schema/index.ts";
import { importOrganisation } from "../../server/fixtures/importOrganisation.ts";
import { organisationFileSchema } from "../../server/fixtures/organisationFile.ts";
import { ZIP_POLYGONS_PATH } from "../../server/geo/zipPolygonsFile.ts";
import { ingestFixtureFolder } from "../../server/ingest/fixtureFolder.ts";
import { createLogger } from "../../server/logger.ts";

export const ORG_SLUG = "demo";
const root = resolve(import.meta.dir, "..", "..");

export const fixtureDirOf = (size: string) => join(root, "fixtures", "generated", size);
/** BENCH_OUT moves the data folders (two benchmarks at once must not share an embedded database). */
export const dataDirOf = (size: string) =>
  join(process.env.BENCH_OUT ? resolve(process.env.BENCH_OUT) : join(root, "bench", "out", "queries"), size);

/** Generates the fixture when it is absent (1m about 16 s, 10m about 5 minutes on this machine). */
export function ensureFixture(size: string) {
  const dir = fixtureDirOf(size);
  if (existsSync(join(dir, "manifest.json"))) return dir;
  console.log(`generating fixtures/generated/${size} (once) ...`);
  const run = Bun.spawnSync(
    [
      process.execPath,
      join(root, "server/cli/main.ts"),
      "fixtures",
      "generate",
      "--size",
      size,
      "--seed",
      "42",
      "--out",
      dir,
    ],
    { stdout: "inherit", stderr: "inherit" },
  );
  if (run.exitCode !== 0) throw new Error(`fixture generation failed for ${size}`);
  return dir;
}

export function benchConfig(size: string, extra: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDirOf(size),
    SEED_DEMO: "0",
    LOG_REQUESTS: "0",
    SECRET_KEY: "bench-secret-key-bench-secret-key-0123456789",
    ...extra,
  });
}

export interface BenchData {
  context: AppContext;
  organisationId: string;
  dataDir: string;
}

/** Opens the size's data folder, importing and ingesting what is missing (ingest skips what is there). */
export async function openBenchData(size: string): Promise<BenchData> {
  const fixtureDir = ensureFixture(size);
  const dataDir = dataDirOf(size);
  mkdirSync(dataDir, { recursive: true });
  // The fixture's zip polygons are the ones the maps draw, as `vitality run` does.
  const polygons = join(fixtureDir, ZIP_POLYGONS_PATH);
  if (existsSync(polygons) && !existsSync(join(dataDir, ZIP_POLYGONS_PATH))) {
    mkdirSync(dirname(join(dataDir, ZIP_POLYGONS_PATH)), { recursive: true });
    copyFileSync(polygons, join(dataDir, ZIP_POLYGONS_PATH));
  }
  const context = await createContext(benchConfig(size), { logger: createLogger("text", true) });
  const { db } = context.database;
  let [organisation] = await db.select().from(organisations).where(eq(organisations.slug, ORG_SLUG));
  if (!organisation) {
    const file = join(fixtureDir, "organizations", ORG_SLUG, "organization.json");
    const definition = organisationFileSchema.parse(JSON.parse(readFileSync(file, "utf8")));
    organisation = await importOrganisation(db, ORG_SLUG, definition);
  }
  const started = performance.now();
  const summary = await ingestFixtureFolder(context, fixtureDir, { orgSlug: ORG_SLUG });
  const ingested = [...summary.market, ...summary.practice].filter((item) => item.result !== "skipped");
  if (ingested.length > 0)
    console.log(
      `ingested ${ingested.length} files of ${size} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  // Customers read enabled years only (issue 19: staff enable a year once they have reviewed it);
  // the cached phase asks as a customer, so the last years are reviewed and enabled by the code
  // `npm start` uses for its demo (validations, capabilities, profile, questionnaire, scoring, then
  // enabled): idempotent, so only a new data folder pays for it. The generated fixtures carry no
  // questionnaire answers: the demo's (fixtures/small, the same organisation) are given.
  const enabled = await enableDemoYears(context, organisation, fixtureDir, DEMO_FIXTURE);
  if (enabled.years.length > 0)
    console.log(`reviewed and enabled ${enabled.years.join(", ")} in ${(enabled.ms / 1000).toFixed(1)} s`);
  const open = await db
    .select({ year: organisationYears.year })
    .from(organisationYears)
    .where(and(eq(organisationYears.organisationId, organisation.id), eq(organisationYears.enabled, true)));
  if (open.length === 0)
    throw new Error(`no year of ${ORG_SLUG} could be enabled: the cached phase would be refused`);
  return { context, organisationId: organisation.id, dataDir };
}
