/**
 * The run service: validate the filters with the plugin's schema, resolve the organisation's
 * canonical inputs, answer from the cache or run the kernel on a sandboxed DuckDB.
 */
import type { AppContext } from "../context.ts";
import { EncodedBody } from "../http/encodedBody.ts";
import { notFound } from "../http/errors.ts";
import { ResultCache } from "./cache.ts";
import { executeKernel, type RunTimings } from "./executeKernel.ts";
import { filterErrors, filterRefusal } from "./filterRefusal.ts";
import { type Filters, filtersKey, parseFilters } from "./filters.ts";
import { type YearAudience, yearsFor } from "./organisationInputs.ts";
import { organisationSnapshot } from "./organisationSnapshot.ts";
import type { Plugin, PluginResult } from "./plugin.ts";
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
  /** The response as JSON text (kept with the cached result). */
  json: string;
  /**
   * The same text as a Blob, and gzipped on first demand (made once per answer): a cached answer is
   * sent as one of them. A Response shares a Blob's bytes; built from a Uint8Array it copies them
   * (2-4 us for 19 kB, and the garbage to collect).
   */
  body: EncodedBody;
  cached: boolean;
  durationMs: number;
  /** Milliseconds per step of this request (snapshot, schema, wait, bind, kernel, encode; shared when it joined another's run). */
  timings: RunTimings;
}

export interface RunRequest {
  /** With `live` (a server process), an unchanged organisation is not looked up again (organisationSnapshot.ts). */
  context: Pick<AppContext, "config" | "database"> & Partial<Pick<AppContext, "live">>;
  organisationId: string;
  /** querie1, querie2, ... (a folder of queries/) */
  pluginId: string;
  /** Raw filters from the request: validated here. */
  filters: unknown;
  registry?: Registry;
  /** Whose screens ask: a customer reads enabled years only (organisationInputs.yearsFor). */
  audience?: YearAudience;
}

let settings: EngineSettings | undefined;
let cache: ResultCache<CachedAnswer> | undefined;
/** Identical runs asked for at the same time share one computation. */
const inFlight = new Map<string, Promise<CachedAnswer>>();

interface CachedAnswer {
  response: RunResponse;
  json: string;
  body: EncodedBody;
}

/**
 * Filters parsed per raw filters object (the route hands the same object for the same request
 * text), analysis and default year: identical requests skip the zod parse. Parsing is a pure
 * function of those three, so the memo cannot go stale; it holds the last few per object.
 */
const parsedFilters = new WeakMap<object, Map<string, Filters>>();

function parseFiltersOnce(plugin: Plugin, defaultYear: number | undefined, raw: unknown) {
  const memoKey = `${plugin.id}|${plugin.fingerprint}|${defaultYear}`;
  const memo = raw && typeof raw === "object" ? parsedFilters.get(raw) : undefined;
  const known = memo?.get(memoKey);
  if (known) return { success: true as const, data: known };
  const parsed = parseFilters(plugin.filters, { year: defaultYear }, raw);
  if (parsed.success && raw && typeof raw === "object") {
    const map = memo ?? new Map<string, Filters>();
    if (map.size >= 16) map.clear();
    map.set(memoKey, parsed.data);
    parsedFilters.set(raw, map);
  }
  return parsed;
}

/** The filters' key text per parsed filters object (the memo above hands the same object back). */
const filterKeys = new WeakMap<Filters, string>();

function filtersKeyOnce(filters: Filters) {
  let key = filterKeys.get(filters);
  if (key === undefined) {
    key = filtersKey(filters);
    filterKeys.set(filters, key);
  }
  return key;
}

/**
 * The bytes an answer holds, estimated from its JSON text: the text, the Blob the answer is sent as
 * (a copy), and the parsed response object (about twice the text). The gzipped copy, made on first
 * demand, is 4-10 times smaller than the text and left out.
 */
export const answerBytes = (answer: CachedAnswer) => answer.json.length * 4;

function answerCache(entries: number, maxBytes: number) {
  return new ResultCache<CachedAnswer>(entries, { name: "answers", maxBytes, sizeOf: answerBytes });
}

function engineState() {
  settings ??= engineSettings();
  cache ??= answerCache(settings.cacheEntries, settings.cacheBytes);
  return { settings, cache };
}

/**
 * Forgets cached results (tests; or an organisation's profile change, though versions cover it).
 * `bounds` makes the emptied cache with other bounds (tests that fill it past them).
 */
export function clearRunCache(organisationId?: string, bounds?: { entries: number; bytes: number }) {
  const state = engineState();
  if (organisationId) state.cache.dropOrganisation(organisationId);
  else
    cache = answerCache(
      bounds?.entries ?? state.settings.cacheEntries,
      bounds?.bytes ?? state.settings.cacheBytes,
    );
}

/** Answers held and their estimated bytes (tests, the cache registry has them too). */
export function runCacheFigures() {
  const { cache } = engineState();
  return { entries: cache.size, bytes: cache.bytes };
}

/** The year filter refused: named `filters.year`, as the request carries it. */
const yearError = (message: string) => ({ field: "filters.year", message });

export async function runPlugin(request: RunRequest): Promise<RunOutcome> {
  const started = performance.now();
  const timings: RunTimings = {};
  const { settings, cache } = engineState();
  const registry = request.registry ?? (await pluginRegistry());
  const plugin = registry.get(request.pluginId);
  if (!plugin) throw notFound(`Unknown query '${request.pluginId}'.`);
  const { dataDir } = request.context.config;
  // No query when no change was notified, else one (organisationSnapshot.ts).
  const snapshot = await organisationSnapshot(
    request.context.database,
    dataDir,
    request.organisationId,
    request.context.live,
  );
  if (!snapshot) throw notFound("Organisation not found.");
  const years = snapshot.years;
  const open = yearsFor(years, request.audience);
  const parsed = parseFiltersOnce(plugin, open.at(-1), request.filters);
  if (!parsed.success) {
    const refused = filterErrors(parsed.error);
    if (open.length > 0) throw filterRefusal(refused);
    // No year to default to: why, in place of the year's own refusal, beside the other fields'.
    throw filterRefusal([
      ...refused.filter((error) => error.field !== "filters.year"),
      yearError(
        years.availableYears.length === 0
          ? "the organisation has no data yet"
          : "no year is open yet: the analyses open once Vitality has reviewed a year",
      ),
    ]);
  }
  const filters = parsed.data;
  if (!open.includes(filters.year)) {
    const available = open.join(", ") || "none";
    throw filterRefusal([
      yearError(
        years.availableYears.includes(filters.year)
          ? `${filters.year} is not open yet: Vitality is reviewing it (open years: ${available})`
          : `no data for ${filters.year} (available years: ${available})`,
      ),
    ]);
  }

  const resolved = await snapshot.resolve(filters.year);
  const key = `${resolved.dataKey}|${plugin.id}|${plugin.fingerprint}|${filtersKeyOnce(filters)}`;
  timings.snapshot = performance.now() - started;
  const hit = cache.get(key);
  if (hit) return { ...hit, cached: true, durationMs: performance.now() - started, timings };

  const joined = inFlight.get(key);
  if (joined) {
    const answer = await joined;
    timings.shared = performance.now() - started - timings.snapshot;
    return { ...answer, cached: false, durationMs: performance.now() - started, timings };
  }
  const running = executeKernel(plugin, resolved.inputs, filters, { dataDir, settings, timings })
    .then((results) => {
      const encoding = performance.now();
      const response: RunResponse = {
        querie: plugin.id,
        title: plugin.title,
        year: filters.year,
        reference_year: resolved.inputs.referenceYear,
        filters,
        results,
      };
      // Serialised once: a cached answer is sent as this text, not serialised again.
      const json = JSON.stringify(response);
      const answer = { response, json, body: new EncodedBody(json) };
      timings.encode = performance.now() - encoding;
      cache.set(key, answer);
      return answer;
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, running);
  return { ...(await running), cached: false, durationMs: performance.now() - started, timings };
}
