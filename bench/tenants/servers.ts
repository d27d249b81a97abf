/**
 * Real server processes on loopback (server/main.ts, as `npm start` runs it and as
 * tests/e2e/support/server.ts starts it) over the bench's data folder, with their peak resident
 * memory (VmHWM from /proc, Linux) and the `caches:` line each prints when it stops.
 */
import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { serverRuntimeEnv } from "../../server/cli/runtimeEnv.ts";
import { collect, freePort } from "../../tests/e2e/support/server.ts";

const root = resolve(import.meta.dir, "..", "..");

export interface BenchServer {
  baseUrl: string;
  pid: number;
  /** What the process has written so far (stdout and stderr, in the chunks read): a live array. */
  output: readonly string[];
  /** CPU seconds the process has used so far (user + system, all threads). */
  cpuSeconds(): number;
  /** The same per kind of thread (its name without numbers; `main` the JavaScript thread). */
  cpuSecondsByThread(): Map<string, number>;
  /** Stops the process (SIGTERM: it finishes open requests) and returns what it measured. */
  stop(): Promise<{
    peakRssMb: number;
    caches: string | undefined;
    /** Where the memory was when it stopped (server/caches/memoryLine.ts). */
    memory: string | undefined;
    boundAtStart: string | undefined;
    /** The highest resident memory seen in each 10 s since the server listened, MB (sampled twice a second). */
    rssBy10s: number[];
  }>;
}

/** User + system CPU seconds of a /proc `stat` line (a process's or a thread's; Linux). */
function cpuSecondsOfStat(stat: string) {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds a process has used (user + system, all threads). */
export const cpuSecondsOf = (pid: number) => cpuSecondsOfStat(readFileSync(`/proc/${pid}/stat`, "utf8"));

/**
 * CPU seconds per kind of thread of a live process, from /proc/<pid>/task (Linux): which part of the
 * runtime spends the CPU (JSC's compiler, the allocator's scavenger, Bun's pool). Threads that
 * ended are not counted.
 */
function cpuSecondsByThreadOf(pid: number) {
  const byKind = new Map<string, number>();
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${task}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    const name = task === String(pid) ? "main" : stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const kind = name.replace(/\d+/g, "#").trim();
    byKind.set(kind, (byKind.get(kind) ?? 0) + cpuSecondsOfStat(stat));
  }
  return byKind;
}

/** A memory figure of a live process's /proc status, MB: VmRSS now, VmHWM its peak (the kernel's high-water mark). */
function statusMb(pid: number, field: "VmRSS" | "VmHWM") {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/**
 * Spawns server/main.ts on `port` with Bun's `flags` and answers once /api/health answers (the bench
 * servers of tenants, soak, restarts and start); its output is collected for the caller's reports.
 * `checkout`: the repository whose server runs (another checkout: a before-and-after in one run).
 */
export async function spawnServer(
  port: number,
  env: Record<string, string>,
  flags: string[] = [],
  checkout = root,
) {
  const output: string[] = [];
  const child = Bun.spawn([process.execPath, ...flags, join(checkout, "server", "main.ts")], {
    cwd: checkout,
    // The runtime `npm start` gives the server (server/cli/runtimeEnv.ts).
    env: { ...process.env, ...env, ...serverRuntimeEnv({ ...process.env, ...env }), PORT: String(port) },
    stdout: "pipe",
    stderr: "pipe",
  });
  void collect(child.stdout, output);
  void collect(child.stderr, output);
  // Asked every 20 ms: the start bench measures the time to this answer.
  const deadline = performance.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}):\n${output.join("").slice(-2000)}`);
    if (performance.now() > deadline)
      throw new Error(`the server did not start:\n${output.join("").slice(-2000)}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((answer) => answer.ok)
      .catch(() => false);
    if (ok) return { child, output };
    await Bun.sleep(20);
  }
}

export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  // BENCH_SERVER_FLAGS: Bun's own flags for the server, e.g. "--cpu-prof-md --cpu-prof-dir=/tmp/prof"
  // (where its time goes) or "--heap-prof-md" (where its memory goes), written when it stops.
  const flags = (process.env.BENCH_SERVER_FLAGS ?? "").split(" ").filter(Boolean);
  const { child, output } = await spawnServer(port, env, flags);
  const baseUrl = `http://127.0.0.1:${port}`;
  // When the memory peaks (the first seconds or steady state) says what fills it.
  const listening = performance.now();
  const rssBy10s: number[] = [];
  const sampler = setInterval(() => {
    const window = Math.floor((performance.now() - listening) / 10_000);
    rssBy10s[window] = Math.max(rssBy10s[window] ?? 0, statusMb(child.pid, "VmRSS"));
  }, 500);
  return {
    baseUrl,
    pid: child.pid,
    output,
    cpuSeconds: () => cpuSecondsOf(child.pid),
    cpuSecondsByThread: () => cpuSecondsByThreadOf(child.pid),
    async stop() {
      const peak = statusMb(child.pid, "VmHWM");
      clearInterval(sampler);
      child.kill("SIGTERM");
      await child.exited;
      await Bun.sleep(50);
      // BENCH_SERVER_LOG: a file the server's whole output is appended to (its periodic memory
      // lines with VITALITY_MEMORY_LOG_SECONDS, say).
      if (process.env.BENCH_SERVER_LOG) appendFileSync(process.env.BENCH_SERVER_LOG, output.join(""));
      const caches = /caches: [^"\n]*/.exec(output.join(""))?.[0];
      const memory = /memory: [^"\n]*/.exec(output.join(""))?.[0];
      // What the process bound before it listened (server/engine/bindAtStart.ts).
      const boundAtStart = /Ready: \d+ organisation-years[^"\n]*/.exec(output.join(""))?.[0];
      return {
        peakRssMb: peak,
        caches,
        memory,
        boundAtStart,
        rssBy10s: Array.from(rssBy10s, (mb) => mb ?? 0),
      };
    },
  };
}
