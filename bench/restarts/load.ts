/**
 * The restart bench's load: simulated users each reading, one request after another with a think
 * time, a call that reads the database every time (the staff detail: session, account, forms), on
 * the process of its number (user i -> process i mod n). A request whose connection fails
 * (refused: the process is stopped; reset: it closed as the request left) is sent once more to the
 * next process when `retryOnOther` is set, as a client or proxy in front of a port range does.
 */
export interface Sample {
  /** Sent, ms since the load started. */
  at: number;
  ms: number;
  /** The HTTP status, or the failure of the connection (refused, reset, ...). */
  outcome: string;
  retryAfter?: string | null;
  /** The first try's connection failure when the request was sent again to the other process. */
  retriedAfter?: string;
}

const failureOf = (error: unknown) => {
  const code = String((error as { code?: string })?.code ?? "");
  if (code === "ConnectionRefused" || code === "ECONNREFUSED") return "refused";
  if (/ECONNRESET|ConnectionClosed|closed/i.test(`${code} ${(error as Error)?.message}`))
    return `reset (${code || (error as Error)?.message})`;
  return code || String((error as Error)?.message ?? error).slice(0, 60);
};

export function runLoad(options: {
  ports: () => number[];
  token: string;
  users: number;
  thinkMs: number;
  retryOnOther: boolean;
}) {
  const samples: Sample[] = [];
  const start = performance.now();
  let running = true;
  const once = async (port: number) => {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/api/management/admin/detail/`, {
        headers: { authorization: `Token ${options.token}` },
      });
      await answer.arrayBuffer();
      return { outcome: String(answer.status), retryAfter: answer.headers.get("retry-after") };
    } catch (error) {
      return { outcome: failureOf(error), failed: true };
    }
  };
  const user = async (index: number) => {
    await Bun.sleep(Math.random() * options.thinkMs);
    while (running) {
      const ports = options.ports();
      const at = performance.now() - start;
      const first = await once(ports[index % ports.length]!);
      let sample: Sample = { at, ms: 0, outcome: first.outcome, retryAfter: first.retryAfter };
      if ("failed" in first && options.retryOnOther && ports.length > 1) {
        const second = await once(ports[(index + 1) % ports.length]!);
        sample = {
          at,
          ms: 0,
          outcome: second.outcome,
          retryAfter: second.retryAfter,
          retriedAfter: first.outcome,
        };
      }
      sample.ms = performance.now() - start - at;
      samples.push(sample);
      await Bun.sleep(options.thinkMs * (0.5 + Math.random()));
    }
  };
  const users = Array.from({ length: options.users }, (_, index) => user(index));
  return {
    samples,
    elapsed: () => performance.now() - start,
    async stop() {
      running = false;
      await Promise.all(users);
      return samples;
    },
  };
}

/** Counts of outcomes, e.g. { "200": 812, "503": 14, refused: 2 }. */
export function countOutcomes(samples: Sample[]) {
  const counts: Record<string, number> = {};
  for (const sample of samples) counts[sample.outcome] = (counts[sample.outcome] ?? 0) + 1;
  return counts;
}
