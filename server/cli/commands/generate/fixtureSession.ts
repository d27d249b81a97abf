/**
 * A fixture folder opened for scheme runs, the way `vitality run` opens one
 * (server/engine/fixtureRun.ts): a temporary data folder with an embedded database, the
 * organisations imported from their organization.json, the folder ingested by the ingestion
 * pipeline (market data once, then each organisation's practice data), the fixture's zip polygons
 * and NPI registry copied where the runtime looks for them. close() removes it all.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createContext } from "../../../bootstrap/context.ts";
import { loadConfig } from "../../../config.ts";
import type { AppContext } from "../../../context.ts";
import { importOrganisation } from "../../../fixtures/importOrganisation.ts";
import { organisationFileSchema } from "../../../fixtures/organisationFile.ts";
import { ZIP_POLYGONS_PATH } from "../../../geo/zipPolygonsFile.ts";
import { ingestFixtureFolder } from "../../../ingest/fixtureFolder.ts";
import { createLogger } from "../../../logger.ts";
import { REGISTRY_JSON_PATH, REGISTRY_JSONL_PATH } from "../../../registry/localRegistry.ts";

export interface SchemeFixtureSession {
  context: AppContext;
  /** Organisation id by slug, in the order asked. */
  organisations: Map<string, string>;
  close(): Promise<void>;
}

/** The organisation folders of a fixture (`--all`). */
export function fixtureOrganisations(fixtureDir: string): string[] {
  const dir = join(resolve(fixtureDir), "organizations");
  if (!existsSync(dir)) throw new Error(`--fixture: no organizations/ folder in ${fixtureDir}`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, "organization.json")))
    .map((entry) => entry.name)
    .sort();
}

function copyIfPresent(fixtureDir: string, dataDir: string, path: string) {
  const source = join(fixtureDir, path);
  if (!existsSync(source)) return;
  mkdirSync(dirname(join(dataDir, path)), { recursive: true });
  copyFileSync(source, join(dataDir, path));
}

export async function openSchemeFixture(
  fixtureDirArgument: string,
  slugs: string[],
  onPhase: (message: string) => void = () => {},
): Promise<SchemeFixtureSession> {
  const fixtureDir = resolve(fixtureDirArgument);
  const definitions = slugs.map((slug) => {
    const file = join(fixtureDir, "organizations", slug, "organization.json");
    if (!existsSync(file)) throw new Error(`--org: no ${file}`);
    return { slug, definition: organisationFileSchema.parse(JSON.parse(readFileSync(file, "utf8"))) };
  });

  const dataDir = mkdtempSync(join(tmpdir(), "vitality-generate-"));
  const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, SEED_DEMO: "0", LOG_REQUESTS: "0" });
  const context = await createContext(config, { logger: createLogger("text", true) });
  const close = async () => {
    await context.database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (const path of [ZIP_POLYGONS_PATH, REGISTRY_JSON_PATH, REGISTRY_JSONL_PATH])
      copyIfPresent(fixtureDir, dataDir, path);
    const organisations = new Map<string, string>();
    for (const [index, { slug, definition }] of definitions.entries()) {
      const organisation = await importOrganisation(context.database.db, slug, definition);
      organisations.set(slug, organisation.id);
      onPhase(index === 0 ? `ingesting market data and ${slug}` : `ingesting ${slug}`);
      // Market data is shared: ingested with the first organisation, skipped afterwards.
      await ingestFixtureFolder(context, fixtureDir, { orgSlug: slug, market: index === 0 });
    }
    return { context, organisations, close };
  } catch (error) {
    await close();
    throw error;
  }
}
