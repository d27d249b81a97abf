/**
 * The run service: validate the filters with the plugin's schema, resolve the organisation's
 * canonical inputs, answer from the cache or run the kernel on a sandboxed DuckDB.
 */
import { queryTextEdits } from "../content/queryTextsInForce.ts";
import type { AppContext } from "../context.ts";
import { EncodedBody } from "../http/encodedBody.ts";
import { notFound } from "../http/errors.ts";
import { ResultCache } from "./cache.ts";
import { askToPrepare } from "./derived/prepareJob.ts";
import { executeKernel, type RunTimings } from "./executeKernel.ts";
import { filterErrors, filterRefusal } from "./filterRefusal.ts";
import { type Filters, filtersKey, parseFilters } from "./filters.ts";
import { type Insight, insightsOf } from "./insights.ts";
import { type YearAudience, yearsFor } from "./organisationInputs.ts";
import { organisationSnapshot } from "./organisationSnapshot.ts";
import type { Plugin, PluginResult } from "./plugin.ts";
import { pluginRegistry, type Registry } from "./registry.ts";
import { type EngineSettings, engineSettings } from "./settings.ts";
import { recordJsonParts } from "./sharedJson.ts";

/** The JSON the API answers (and the CLI prints). */
export interface RunResponse {
  querie: string;
  title: string;
  year: number;
  reference_year: number;
  filters: Filters;
  results: PluginResult;
  /** The analysis's sentences over this answer (insights.ts). */
  insights: Insight[];
  /** Set while newer data of the year is reviewed: the answer reads the version staff enabled. */
  reviewed_version?: { reviewed_at: string | null; note: string };
}

/** "2025 as reviewed on 12 Nov 2026; a newer extract is being reviewed." (screens, reports) */
export function reviewedVersionNote(year: number, reviewedAt: string | null) {
  const on = reviewedAt
    ? ` on ${new Date(reviewedAt).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })}`
    : "";
  return `${year} as reviewed${on}; a newer extract is being reviewed and will replace it once Vitality has checked it.`;
}

export interface RunOutcome {
  /** The answer (parsed again from the kept bytes when it came from the cache: exports, reports). */
  readonly response: RunResponse;
  /** The answer's JSON text compressed, as the cache keeps it: sent as it is to a client accepting zstd. */
  body: EncodedBody;
  cached: boolean;
  durationMs: number;
  /** Milliseconds per step of this request (snapshot, schema, wait, bind, kernel, encode; shared when it joined another's run). */
  timings: RunTimings;
}

export interface RunRequest {
  /** With `live` (a server process), an unchanged organisation is not looked up again (organisationSnapshot.ts); with `jobs`, a run that finds prepared rows never made asks the pipeline for them. */
  context: Pick<AppContext, "config" | "database"> & Partial<Pick<AppContext, "live" | "jobs" | "logger">>;
  organisationId: string;
  /** querie1, querie2, ... (a folder of queries/) */
  pluginId: string;
  /** Raw filters from the request: validated here. */
  filters: unknown;
  registry?: Registry;
  /** Whose screens ask: a customer reads enabled years only (organisationInputs.yearsFor). */
  audience?: YearAudience;
  /** False: the answer is not kept in the answers' cache (a starting process's warm-up, warmUp.ts). */
  keep?: boolean;
}

let settings: EngineSettings | undefined;
let cache: ResultCache<CachedAnswer> | undefined;
/** Identical runs asked for at the same time share one computation: its answer, fresh. */
const inFlight = new Map<string, Promise<FreshAnswer>>();

/** A kept answer: its compressed JSON only (http/encodedBody.ts says why). */
interface CachedAnswer {
  body: EncodedBody;
}

/** A computed answer: what the cache keeps, and the response it was made from. */
interface FreshAnswer {
  answer: CachedAnswer;
  response: RunResponse;
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

/** The bytes a kept answer holds: its compressed text, and the objects around it. */
export const answerBytes = (answer: CachedAnswer) => answer.body.byteLength + 200;

/** The outcome of a kept answer: its response is parsed from the bytes only when a caller reads it. */
function keptOutcome(answer: CachedAnswer, outcome: Omit<RunOutcome, "response" | "body">): RunOutcome {
  let response: RunResponse | undefined;
  return {
    ...outcome,
    body: answer.body,
    get response() {
      response ??= JSON.parse(answer.body.text()) as RunResponse;
      return response;
    },
  };
}

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

/** The key text of staff's edits of an analysis's insight templates, per edits object read. */
const templateKeys = new WeakMap<object, string>();

function templatesKey(edits: Readonly<Record<string, unknown>>) {
  let key = templateKeys.get(edits);
  if (key === undefined) {
    const templates = Object.entries(edits).filter(([field]) => field.startsWith("insight_"));
    key = templates.length === 0 ? "texts:default" : `texts:${Bun.hash(JSON.stringify(templates))}`;
    templateKeys.set(edits, key);
  }
  return key;
}

/**
 * JSON.stringify(response) in parts (http/encodedBody.ts), with the results written by the
 * analysis's own encoder when it has one, else with the values they share with other answers
 * compressed once (sharedJson.ts).
 */
const responseParts = (plugin: Plugin, response: RunResponse) =>
  recordJsonParts(response, (key, value) =>
    key !== "results"
      ? JSON.stringify(value)
      : plugin.encode
        ? plugin.encode(value as PluginResult)
        : typeof value === "object" && value !== null
          ? recordJsonParts(value)
          : JSON.stringify(value),
  );

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
    const noData = years.availableYears.length === 0;
    throw filterRefusal(
      [
        ...refused.filter((error) => error.field !== "filters.year"),
        yearError(
          noData
            ? "the organisation has no data yet"
            : "no year is open yet: the analyses open once Vitality has reviewed a year",
        ),
      ],
      noData ? "no_data" : "year_not_enabled",
    );
  }
  const filters = parsed.data;
  if (!open.includes(filters.year)) {
    const available = open.join(", ") || "none";
    const inReview = years.availableYears.includes(filters.year);
    throw filterRefusal(
      [
        yearError(
          inReview
            ? `${filters.year} is not open yet: Vitality is reviewing it (open years: ${available})`
            : `no data for ${filters.year} (available years: ${available})`,
        ),
      ],
      inReview ? "year_not_enabled" : "no_data",
    );
  }

  const resolved = await snapshot.resolve(filters.year, request.audience);
  // Staff's edits of the analysis's texts: its insights are written in their templates.
  const edits = (await queryTextEdits(request.context.database, request.context.live))[plugin.id] ?? {};
  // The years are in the key: a kernel's notes say whether a later year exists (querie10, querie11).
  const availableYears = years.availableYears;
  const key = `${resolved.dataKey}|years:${availableYears.join(",")}|${plugin.id}|${plugin.fingerprint}|${templatesKey(edits)}|${filtersKeyOnce(filters)}`;
  timings.snapshot = performance.now() - started;
  const hit = cache.get(key);
  if (hit) return keptOutcome(hit, { cached: true, durationMs: performance.now() - started, timings });

  let running = inFlight.get(key);
  if (running) {
    const { answer, response } = await running;
    timings.shared = performance.now() - started - timings.snapshot;
    return { response, body: answer.body, cached: false, durationMs: performance.now() - started, timings };
  }
  running = executeKernel(plugin, { ...resolved.inputs, availableYears }, filters, {
    dataDir,
    settings,
    timings,
    notPrepared: () => askToPrepare(request.context, request.organisationId, resolved.dataKey),
  })
    .then((results) => {
      const encoding = performance.now();
      const told = {
        querie: plugin.id,
        title: plugin.title,
        year: filters.year,
        reference_year: resolved.inputs.referenceYear,
        filters,
        results,
      };
      const response: RunResponse = {
        ...told,
        insights: insightsOf(plugin, told, { ...plugin.texts, ...edits }),
        ...(resolved.held
          ? {
              reviewed_version: {
                reviewed_at: resolved.held.reviewedAt,
                note: reviewedVersionNote(filters.year, resolved.held.reviewedAt),
              },
            }
          : {}),
      };
      // Serialised and compressed once: a cached answer is sent as these bytes.
      const answer = { body: new EncodedBody(responseParts(plugin, response)) };
      timings.encode = performance.now() - encoding;
      if (request.keep !== false) cache.set(key, answer);
      return { answer, response };
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, running);
  const { answer, response } = await running;
  return { response, body: answer.body, cached: false, durationMs: performance.now() - started, timings };
}
