/**
 * One analysis on a fixture folder, outside the server: a temporary data folder with an embedded
 * database, the organisation imported from organization.json, the folder ingested by the
 * ingestion pipeline, the plugin run exactly as the API runs it. Used by `vitality run`.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createContext } from "../bootstrap/context.ts";
import { loadConfig } from "../config.ts";
import { importOrganisation } from "../fixtures/importOrganisation.ts";
import { organisationFileSchema } from "../fixtures/organisationFile.ts";
import { installZipPolygons } from "../geo/zipPolygonsFile.ts";
import { toHttpError } from "../http/errors.ts";
import { ingestFixtureFolder } from "../ingest/fixtureFolder.ts";
import { createLogger } from "../logger.ts";
import { runPlugin } from "./runPlugin.ts";

export type FixtureRunOutcome = { status: "ok"; body: unknown } | { status: "error"; body: unknown };

export interface FixtureSession {
  run(pluginId: string, filters: Record<string, unknown>): Promise<FixtureRunOutcome>;
  close(): Promise<void>;
}

/** Imports and ingests the fixture once; runs as many analyses as asked; close() removes it all. */
export async function openFixture(fixtureDirArgument: string, orgSlug: string): Promise<FixtureSession> {
  const fixtureDir = resolve(fixtureDirArgument);
  const organisationFile = join(fixtureDir, "organizations", orgSlug, "organization.json");
  if (!existsSync(organisationFile)) throw new Error(`no ${organisationFile}`);
  const definition = organisationFileSchema.parse(JSON.parse(readFileSync(organisationFile, "utf8")));

  const dataDir = mkdtempSync(join(tmpdir(), "vitality-run-"));
  const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, SEED_DEMO: "0", LOG_REQUESTS: "0" });
  const context = await createContext(config, { logger: createLogger("text", true) });
  const close = async () => {
    await context.database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    installZipPolygons(fixtureDir, dataDir);
    const organisation = await importOrganisation(context.database.db, orgSlug, definition);
    await ingestFixtureFolder(context, fixtureDir, { orgSlug });
    return {
      async run(pluginId, filters) {
        try {
          const outcome = await runPlugin({ context, organisationId: organisation.id, pluginId, filters });
          return { status: "ok", body: outcome.response };
        } catch (error) {
          // The API's error shape, so a script sees the same {status, code, detail, errors} as a browser.
          const known = toHttpError(error);
          if (!known) throw error;
          return {
            status: "error",
            body: { status: known.status, code: known.code, detail: known.detail, errors: known.errors },
          };
        }
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** One analysis on a fixture folder (`vitality run`). */
export async function runOnFixture(request: {
  fixtureDir: string;
  orgSlug: string;
  pluginId: string;
  filters: Record<string, unknown>;
}): Promise<FixtureRunOutcome> {
  const session = await openFixture(request.fixtureDir, request.orgSlug);
  try {
    return await session.run(request.pluginId, request.filters);
  } finally {
    await session.close();
  }
}
