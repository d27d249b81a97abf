/**
 * The answers of the reads web/public/early-requests.js started with the HTML, while the app's code
 * downloads and starts: the session check (the route guard's first read) and, on an analysis, its
 * manifest and, at its default filters, its run (takeEarlyRun). That script is small, plain and
 * async (index.html): it runs as soon as it arrives, normally well before the app's modules, and
 * never holds up the page. Each answer is taken once, by the first GET of the same path
 * (client.ts) or by the run's query (queries.ts); what is still untaken once
 * the first screen has resolved is dropped (router.ts), so a later read never gets an answer older
 * than the page's first screen. Without the script (or when it runs late) the app reads as before.
 */
import { sameFilters } from "../query/searchParams.ts";
import type { FilterValues } from "../query/types.ts";
import type { RunResponse } from "./answers.ts";

type EarlyReads = Record<string, Promise<Response> | undefined>;

/** The page's global the HTML's script leaves its early reads in. */
type EarlyHolder = { __vitalityEarly?: EarlyReads };

const holder = globalThis as EarlyHolder;

/**
 * Whether early answers may still be taken. Closed for good once the first screen has resolved:
 * the async script can run after that (a busy machine, a slow first byte), and an answer it started
 * then would otherwise sit until some later read took it - e.g. the session detail read again
 * after a change, answered with the page's first, older state.
 */
let open = true;

/** The early answer for `path`, once; undefined when there is none (or it was taken or dropped). */
export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  if (!open) return undefined;
  const early = holder.__vitalityEarly;
  const response = early?.[path];
  if (early && response) delete early[path];
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

export function dropEarlyResponses() {
  open = false;
  holder.__vitalityEarly = undefined;
}
