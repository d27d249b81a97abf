/**
 * The answers of the reads web/public/early-requests.js started with the HTML (the session check, an
 * analysis's manifest), before the app's code had loaded. Each is taken once, by the first GET of
 * the same path (client.ts); what is still untaken once the first screen has resolved is dropped
 * (router.ts), so a later read never gets an answer older than the page's first screen.
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
