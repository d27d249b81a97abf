import { totalmem } from "node:os";
import { heapMegabytes } from "../config.ts";

/**
 * The environment of the process that runs the server: settings the runtime reads once, when a
 * process starts, so they go in the environment the server is started with (`npm start` has them
 * in its own, package.json; started otherwise it runs the server as a child with them,
 * server/cli/start.ts; the benches start their servers with them too). A value already set in the
 * environment is left as it is.
 */
const MB = 1_048_576;

/** The server's runtime environment: the allocator's settings and the heap's pacing. */
export function serverRuntimeEnv(
  env: Record<string, string | undefined> = process.env,
): Record<string, string> {
  return { ...allocatorEnv(env), ...heapPacingEnv(env) };
}

/**
 * Bun's allocator (mimalloc) gives the pages freed inside its pages back to the system ("holes",
 * every 100 ms): an answer's garbage is such pages, so the server gave them back and faulted them
 * in again for the next answers, on its own thread and on the allocator's scavenger thread. Off,
 * one process at 50 organisations spent 5.6-6.6 ms of CPU per uncached answer against 8.2-8.5 ms
 * for 7% more peak memory (bench/README.md, "The allocator's holes"). Whole pages and segments
 * freed are still given back.
 */
function allocatorEnv(env: Record<string, string | undefined>): Record<string, string> {
  return { MIMALLOC_PURGE_HOLES: env.MIMALLOC_PURGE_HOLES ?? "0" };
}

/**
 * The server's JavaScript heap paced to VITALITY_HEAP_MB (unset: JSC's own pacing, by the
 * machine's RAM). JavaScriptCore lets its heap grow between collections by a factor taken from the
 * machine's RAM (on 24 GB it doubles the heap up to 6 GB), so a server reading many
 * organisation-years' kept files peaks far above what it holds live; told the machine is smaller
 * (its `forceRAMSize` option) it collects sooner, for more CPU. Off by default: the trade is
 * measured in bench/README.md ("The 500-organisation phase, session 26"), and below the live set
 * JSC collects all the time. Throws a ConfigError on a bad value.
 */
export function heapPacingEnv(env: Record<string, string | undefined> = process.env): Record<string, string> {
  if (env.BUN_JSC_forceRAMSize) return { BUN_JSC_forceRAMSize: env.BUN_JSC_forceRAMSize };
  const megabytes = heapMegabytes(env);
  if (megabytes === undefined) return {};
  // Never more than the machine has: JSC would then collect later than by its own pacing.
  return { BUN_JSC_forceRAMSize: String(Math.min(megabytes * MB, totalmem())) };
}

/** What this process's runtime runs with, as the start-up line says it. */
export function runtimeDescription(env: Record<string, string | undefined> = process.env): string {
  const bytes = Number(env.BUN_JSC_forceRAMSize);
  const heap = bytes > 0 ? `${Math.round(bytes / MB)} MB` : "the machine's memory";
  const holes = env.MIMALLOC_PURGE_HOLES === "0" ? "kept" : "given back";
  return `heap paced to ${heap}, allocator's freed holes ${holes}`;
}
