/**
 * The run service: validate the filters with the plugin's schema, resolve the organisation's
 * canonical inputs, answer from the cache or run the kernel on a sandboxed DuckDB.
 */
import type { AppContext } from "../context.ts";
import { HttpError, notFound, validationError } from "../http/errors.ts";
import { ResultCache } from "./cache.ts";
import { executeKernel } from "./executeKernel.ts";
import { type Filters, filtersKey, parseFilters } from "./filters.ts";
import { organisationExists, organisationYearsOf, resolveInputs } from "./organisationInputs.ts";
import type { PluginResult } from "./plugin.ts";
import { pluginRegistry, type Registry } from "./registry.ts";
import { type EngineSettings, engineSettings } from "./settings.ts";

/** The JSON the API answers (and the CLI prints). */
export interface RunResponse {
  querie: string;
  title: string;
  year: number;
  reference_year: number;
  filters: Filters;
  results: PluginResult;
}

export interface RunOutcome {
  response: RunResponse;
  cached: boolean;
  durationMs: number;
}

export interface RunRequest {
  context: Pick<AppContext, "config" | "database">;
  organisationId: string;
  /** querie1 ... querie10 */
  pluginId: string;
  /** Raw filters from the request: validated here. */
  filters: unknown;
  registry?: Registry;
}

let settings: EngineSettings | undefined;
let cache: ResultCache<RunResponse> | undefined;
/** Identical runs asked for at the same time share one computation. */
const inFlight = new Map<string, Promise<RunResponse>>();

function engineState() {
  settings ??= engineSettings();
  cache ??= new ResultCache<RunResponse>(settings.cacheEntries);
  return { settings, cache };
}

/** Forgets cached results (tests; or an organisation's profile change, though versions cover it). */
export function clearRunCache(organisationId?: string) {
  const state = engineState();
  if (organisationId) state.cache.dropOrganisation(organisationId);
  else cache = new ResultCache<RunResponse>(state.settings.cacheEntries);
}

const yearError = (message: string) => new HttpError(400, `year: ${message}`, [{ field: "year", message }]);

export async function runPlugin(request: RunRequest): Promise<RunOutcome> {
  const started = performance.now();
  const { settings, cache } = engineState();
  const registry = request.registry ?? (await pluginRegistry());
  const plugin = registry.get(request.pluginId);
  if (!plugin) throw notFound(`Unknown query '${request.pluginId}'.`);
  const { db } = request.context.database;
  const { dataDir } = request.context.config;
  if (!(await organisationExists(db, request.organisationId))) throw notFound("Organisation not found.");

  const years = await organisationYearsOf(db, dataDir, request.organisationId);
  const parsed = parseFilters(plugin.filters, { year: years.availableYears.at(-1) }, request.filters);
  if (!parsed.success) {
    if (years.availableYears.length === 0) throw yearError("the organisation has no data yet");
    throw validationError(parsed.error);
  }
  const filters = parsed.data;
  if (!years.availableYears.includes(filters.year)) {
    const available = years.availableYears.join(", ") || "none";
    throw yearError(`no data for ${filters.year} (available years: ${available})`);
  }

  const resolved = await resolveInputs(db, dataDir, request.organisationId, filters.year, years);
  const key = [resolved.dataKey, plugin.id, plugin.fingerprint, filtersKey(filters)].join("|");
  const hit = cache.get(key);
  if (hit) return { response: hit, cached: true, durationMs: performance.now() - started };

  let running = inFlight.get(key);
  if (!running) {
    running = executeKernel(plugin, resolved.inputs, filters, { dataDir, settings })
      .then((results) => {
        const response: RunResponse = {
          querie: plugin.id,
          title: plugin.title,
          year: filters.year,
          reference_year: resolved.inputs.referenceYear,
          filters,
          results,
        };
        cache.set(key, response);
        return response;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, running);
  }
  return { response: await running, cached: false, durationMs: performance.now() - started };
}
