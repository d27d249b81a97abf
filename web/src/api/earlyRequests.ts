/**
 * The answers of the reads web/public/early-requests.js started with the HTML, while the app's code
 * downloads and starts: the session check (the route guard's first read) and, on an analysis, its
 * manifest (its run waits for it). That script is small, plain and async (index.html): it runs as
 * soon as it arrives, normally well before the app's modules, and never holds up the page. Each
 * answer is taken once, by the first GET of the same path (client.ts); what is still untaken once
 * the first screen has resolved is dropped (router.ts), so a later read never gets an answer older
 * than the page's first screen. Without the script (or when it runs late) the app reads as before.
 */
type EarlyReads = Record<string, Promise<Response> | undefined>;

const holder = globalThis as { __vitalityEarly?: EarlyReads };

/** The early answer for `path`, once; undefined when there is none (or it was taken or dropped). */
export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  const early = holder.__vitalityEarly;
  const response = early?.[path];
  if (early && response) delete early[path];
  return response;
}

export function dropEarlyResponses() {
  holder.__vitalityEarly = undefined;
}
