/**
 * The answers of the reads web/public/early-requests.js started with the HTML, while the app's code
 * downloads and starts: the session check (the route guard's first read) and, on an analysis, its
 * manifest and, at its default filters, its run (takeEarlyRun). That script is small, plain and
 * async (index.html): it runs as soon as it arrives, normally well before the app's modules, and
 * never holds up the page. Each answer is taken once, by the first GET of the same path
 * (client.ts) or by the run's query (queries.ts); what is still untaken once the first screen has
 * resolved is dropped (router.ts) - but for that screen's own run, kept until its query takes it -
 * so a later read never gets an answer older than the page's first screen. Without the script (or
 * when it runs late) the app reads as before.
 */
import { sameFilters } from "../query/searchParams.ts";
import type { FilterValues } from "../query/types.ts";
import type { RunResponse } from "./answers.ts";

type EarlyReads = Record<string, Promise<Response> | undefined>;

/** The page's global the HTML's script leaves its early reads in. */
type EarlyHolder = { __vitalityEarly?: EarlyReads };

const holder = globalThis as EarlyHolder;

/**
 * Which early answers may still be taken: all until the first screen has resolved; then only the
 * run of the analysis that screen shows (its query asks for it once the manifest answered, which on
 * a busy machine comes after the screen resolved: dropped, the run was asked for a second time),
 * until it is taken or the next screen resolves; then none. Closed for everything else: the async
 * script can run after the first screen (a busy machine, a slow first byte), and an answer it
 * started then would otherwise sit until some later read took it - e.g. the session detail read
 * again after a change, answered with the page's first, older state.
 */
let takeable: "all" | string | undefined = "all";

/** The early answer for `path`, once; undefined when there is none (or it was taken or dropped). */
export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  if (takeable !== "all" && takeable !== path) return undefined;
  const early = holder.__vitalityEarly;
  const response = early?.[path];
  if (early && response) delete early[path];
  if (response && takeable === path) takeable = undefined;
  return response;
}

/**
 * The run of `name` started with the HTML, when it answered with `filters` (the early run sends
 * none: the server's defaults, which are the screen's unless the manifest says otherwise); else
 * undefined, and the caller runs it itself.
 */
export async function takeEarlyRun(name: string, filters: FilterValues): Promise<RunResponse | undefined> {
  const early = takeEarlyResponse(`run:${name}`);
  if (!early) return undefined;
  try {
    const response = await early;
    if (!response.ok) return undefined;
    const answer = (await response.json()) as RunResponse;
    // The server answers every filter field; the screen sends those of the analysis (the others
    // take their defaults either way).
    const answered = Object.fromEntries(Object.keys(filters).map((key) => [key, answer.filters[key]]));
    return sameFilters(answered, filters) ? answer : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The analysis whose run early-requests.js starts for an address: an analysis's screen at its
 * defaults (no search). The same rule as that plain script's, which cannot import this one.
 */
export function earlyRunOf(pathname: string, search: string): string | undefined {
  const analysis = /^\/queries\/(querie\d+)\/?$/.exec(pathname);
  return analysis && search === "" ? analysis[1] : undefined;
}

/**
 * Drops what the first screen did not take; `keepRun` (the analysis that screen shows, at its
 * defaults) keeps that analysis's run takeable until its query takes it or this is called again.
 */
export function dropEarlyResponses(keepRun?: string) {
  const key = keepRun === undefined ? undefined : `run:${keepRun}`;
  const kept = key === undefined || takeable !== "all" ? undefined : holder.__vitalityEarly?.[key];
  takeable = kept ? key : undefined;
  holder.__vitalityEarly = kept && key ? { [key]: kept } : undefined;
}
