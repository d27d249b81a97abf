/**
 * Runs one scheme for an organisation and year, end to end: marks the run, loads the profile and
 * the canonical inputs, executes the scheme on a sandboxed DuckDB, stores the parsed result (or
 * marks the run failed). The job `scheme.run` calls it; so can the CLI, without jobs.
 */
import type { AppContext } from "../context.ts";
import { currentInputs } from "../organisations/yearInputs.ts";
import type { NpiRegistry } from "../registry/npiRegistry.ts";
import { isSchemeId, type SchemeId } from "./catalogue.ts";
import { executeScheme } from "./executeScheme.ts";
import { schemeNpiRegistry } from "./npiSource.ts";
import { loadSchemeRunInputs } from "./profile.ts";
import { type SchemeRegistry, schemeRegistry } from "./registry.ts";
import type { Scheme } from "./scheme.ts";
import { markFailed, markProgress, markRunning, storeResult } from "./store.ts";

export interface RunSchemeRequest {
  context: Pick<AppContext, "config" | "database">;
  organisationId: string;
  year: number;
  schemeId: string;
  /** 0-100 as the scheme reports it (the job mirrors it into the task toast). */
  progress?: (percent: number, message?: string) => Promise<void>;
  registry?: SchemeRegistry;
  npiRegistry?: NpiRegistry;
}

export interface RunSchemeOutcome {
  scheme: Scheme;
  result: Record<string, unknown>;
  durationMs: number;
}

export async function resolveScheme(
  schemeId: string,
  registry?: SchemeRegistry,
): Promise<Scheme & { id: SchemeId }> {
  if (!isSchemeId(schemeId)) throw new Error(`unknown scheme '${schemeId}'`);
  const scheme = (registry ?? (await schemeRegistry())).get(schemeId);
  if (!scheme) throw new Error(`scheme '${schemeId}' is not installed (no schemes/${schemeId}/scheme.ts)`);
  return scheme as Scheme & { id: SchemeId };
}

export async function runSchemeNow(request: RunSchemeRequest): Promise<RunSchemeOutcome> {
  const started = performance.now();
  const { organisationId, year } = request;
  const { db } = request.context.database;
  const { dataDir } = request.context.config;
  const scheme = await resolveScheme(request.schemeId, request.registry);
  await markRunning(db, organisationId, year, scheme.id, "Running (0%)");
  try {
    // Noted before anything is read: a change made while the run works leaves its result out of date.
    const stamp = await currentInputs(db, organisationId, year);
    const inputs = await loadSchemeRunInputs(db, dataDir, organisationId, year);
    const result = await executeScheme(
      scheme,
      {
        ...inputs,
        registry: request.npiRegistry ?? schemeNpiRegistry(dataDir, request.context.config.nppesApi),
        progress: async (percent, message) => {
          await markProgress(db, organisationId, year, scheme.id, percent);
          await request.progress?.(percent, message);
        },
      },
      { dataDir },
    );
    await storeResult(db, organisationId, year, scheme, result, stamp);
    return { scheme, result, durationMs: performance.now() - started };
  } catch (error) {
    await markFailed(
      db,
      organisationId,
      year,
      scheme.id,
      error instanceof Error ? error.message : String(error),
    );
    throw error;
  }
}
