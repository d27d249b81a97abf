/**
 * Simulated users: each signed in to its organisation (a session token sent as `Authorization:
 * Token`, as API clients do), reads the manifest as the web app does, then until the deadline opens
 * an analysis with filters drawn from the screens' choices (filters.ts), reads the whole answer,
 * and looks at it for a while (think time, uniform in 0.5-1.5x the mean) before the next. Users
 * start spread over the first think time, or all at once (`together`: a stress case, every first
 * request in the same moment). Nothing is asked before the measured phase: the first
 * request of an organisation-year is measured like any other.
 */
import { drawRequest, type ManifestAnswer, randomOf } from "./filters.ts";

export type UsersStart = "spread" | "together";

export interface SimulatedUser {
  organisation: string;
  token: string;
  /** The server this user's requests go to (round-robin by client when there are several). */
  baseUrl: string;
}

export interface Sample {
  organisation: string;
  querie: string;
  year: number | undefined;
  ms: number;
  status: number;
  /** The server's X-Cache header: miss when the answer was computed for this request. */
  cache: "hit" | "miss" | "none";
  /** Seconds from the phase's start to the request. */
  at: number;
  /** The server's own milliseconds per step of the answer (its Server-Timing header). */
  timings: Record<string, number>;
  /** Why no answer came (status 0): the error's code (ECONNRESET...) or name. */
  failure?: string;
}

/** `snapshot;dur=1.2, kernel;dur=8.0` -> { snapshot: 1.2, kernel: 8 } (W3C Server Timing). */
export function parseServerTiming(header: string | null): Record<string, number> {
  const timings: Record<string, number> = {};
  for (const metric of header?.split(",") ?? []) {
    const [name, ...parameters] = metric.trim().split(";");
    const duration = parameters.find((parameter) => parameter.trim().startsWith("dur="));
    if (name && duration) timings[name] = Number(duration.trim().slice(4));
  }
  return timings;
}

export interface LoadResult {
  samples: Sample[];
  seconds: number;
  /** Failed requests (not 200, or no answer) with a short reason, first few kept. */
  errorExamples: string[];
  manifestErrors: number;
  /** Time to each user's manifest (read once, before its first analysis). */
  manifestMs: number[];
}

/** The double-submit CSRF pair (cookie and header) every client echoes on a POST, as the web app does. */
const headersOf = (token: string) => ({
  Authorization: `Token ${token}`,
  Cookie: "csrftoken=bench",
  "X-CSRFToken": "bench",
  "Content-Type": "application/json",
  "Accept-Encoding": "gzip, deflate, br, zstd",
});

export async function runUsers(
  users: SimulatedUser[],
  options: { seconds: number; thinkMs: number; seed: number; start: UsersStart },
): Promise<LoadResult> {
  const samples: Sample[] = [];
  const errorExamples: string[] = [];
  let manifestErrors = 0;
  const manifestMs: number[] = [];
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const noteError = (text: string) => {
    if (errorExamples.length < 5) errorExamples.push(text.slice(0, 300));
  };

  const one = async (user: SimulatedUser, index: number) => {
    const random = randomOf(options.seed * 7919 + index + 1);
    const startDelay = random() * options.thinkMs;
    if (options.start === "spread") await Bun.sleep(startDelay);
    const headers = headersOf(user.token);
    let manifest: ManifestAnswer;
    const manifestSent = performance.now();
    try {
      const answer = await fetch(`${user.baseUrl}/api/management/queries/manifest`, { headers });
      if (answer.status !== 200) throw new Error(`manifest ${answer.status}: ${await answer.text()}`);
      manifest = (await answer.json()) as ManifestAnswer;
      manifestMs.push(performance.now() - manifestSent);
    } catch (error) {
      manifestErrors++;
      noteError(`${user.organisation}: ${String(error)}`);
      return;
    }
    while (performance.now() < deadline) {
      const { querie, filters } = drawRequest(manifest, random);
      const sent = performance.now();
      let status = 0;
      let cache: Sample["cache"] = "none";
      let timings: Sample["timings"] = {};
      let failure: string | undefined;
      try {
        const answer = await fetch(`${user.baseUrl}/api/management/queries/${querie}/`, {
          method: "POST",
          headers,
          body: JSON.stringify({ filters }),
        });
        status = answer.status;
        const cacheHeader = answer.headers.get("x-cache");
        cache = cacheHeader === "hit" || cacheHeader === "miss" ? cacheHeader : "none";
        timings = parseServerTiming(answer.headers.get("server-timing"));
        // Outside the route's own steps: session, the server's event loop, the network, this process.
        if (timings.total !== undefined) timings.outside = performance.now() - sent - timings.total;
        const body = await answer.arrayBuffer();
        if (status !== 200)
          noteError(
            `${user.organisation} ${querie} ${JSON.stringify(filters)}: ${status} ${new TextDecoder().decode(body)}`,
          );
      } catch (error) {
        // When and after how long: a connection closed by either side shows in the timing.
        const at = ((sent - started) / 1000).toFixed(1);
        failure = String((error as { code?: string }).code ?? (error as Error).name);
        noteError(
          `${user.organisation} ${querie} (sent at ${at} s, failed after ${Math.round(performance.now() - sent)} ms): ${String(error)}`,
        );
      }
      samples.push({
        organisation: user.organisation,
        querie,
        year: filters.year as number | undefined,
        ms: performance.now() - sent,
        at: (sent - started) / 1000,
        status,
        cache,
        timings,
        ...(failure ? { failure } : {}),
      });
      await Bun.sleep(options.thinkMs * (0.5 + random()));
    }
  };
  await Promise.all(users.map(one));
  return {
    samples,
    seconds: (performance.now() - started) / 1000,
    errorExamples,
    manifestErrors,
    manifestMs,
  };
}
