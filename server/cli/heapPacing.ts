import { totalmem } from "node:os";
import { heapMegabytes } from "../config.ts";

/**
 * The server's JavaScript heap paced to VITALITY_HEAP_MB (unset: JSC's own pacing, by the
 * machine's RAM). JavaScriptCore lets its heap grow between collections by a factor taken from the
 * machine's RAM (on 24 GB it doubles the heap up to 6 GB), so a server reading many
 * organisation-years' kept files peaks far above what it holds live; told the machine is smaller
 * (its `forceRAMSize` option) it collects sooner, for more CPU. Off by default: the trade is
 * measured in bench/README.md ("The 500-organisation phase, session 26"), and below the live set
 * JSC collects all the time. JSC reads its options when a process starts, so they go in the
 * environment of the process that runs the server (`npm start` starts it as a child,
 * server/cli/start.ts); a `BUN_JSC_forceRAMSize` already set is left as it is.
 */
const MB = 1_048_576;

/** The environment that paces a server process's heap; throws a ConfigError on a bad value. */
export function heapPacingEnv(env: Record<string, string | undefined> = process.env): Record<string, string> {
  if (env.BUN_JSC_forceRAMSize) return { BUN_JSC_forceRAMSize: env.BUN_JSC_forceRAMSize };
  const megabytes = heapMegabytes(env);
  if (megabytes === undefined) return {};
  // Never more than the machine has: JSC would then collect later than by its own pacing.
  return { BUN_JSC_forceRAMSize: String(Math.min(megabytes * MB, totalmem())) };
}

/** What this process's heap is paced to, as the start-up line says it. */
export function heapPacedTo(env: Record<string, string | undefined> = process.env): string {
  const bytes = Number(env.BUN_JSC_forceRAMSize);
  return bytes > 0 ? `${Math.round(bytes / MB)} MB` : "the machine's memory";
}
