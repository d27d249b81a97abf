import { totalmem } from "node:os";
import { z } from "zod";
import { ConfigError } from "../config.ts";

/**
 * How much memory the server's JavaScript heap is paced to (VITALITY_HEAP_MB; unset: JSC's own
 * pacing, by the machine's RAM).
 *
 * JavaScriptCore lets its heap grow between collections by a factor taken from the machine's RAM:
 * on a 24 GB machine it doubles the heap up to 6 GB before collecting. A server that reads many
 * organisation-years' kept values makes a lot of short-lived garbage, so with 1.2 GB live it peaked
 * at 4.2 GB resident (500-organisation tenant bench, one embedded process). Told that the machine
 * has 2048 MB (JSC's `forceRAMSize`) it peaked at 2.6-2.8 GB for about the same CPU per answer,
 * told 1024 MB at 1.7 GB for 25% more (bench/README.md, "The 500-organisation phase, session
 * 26"). Below the live set JSC collects all the time. Off by default: on one organisation the
 * same pacing cost CPU and saved no memory, and once the held values' count bound was raised
 * (fewer kept files read, less garbage) 2048 MB took 3.4 GB to 3.0 for 35% more CPU.
 *
 * JSC reads its options when the process starts, so they go in the environment of the process
 * that runs the server (`npm start` starts it as a child, server/cli/start.ts); a
 * `BUN_JSC_forceRAMSize` already set is left as it is.
 */
const MB = 1_048_576;
const heapMb = z.coerce
  .number({ message: "must be a whole number" })
  .int("must be a whole number")
  .min(256, "must be at least 256")
  .max(1_048_576, "must be at most 1048576");

export function heapPacingEnv(env: Record<string, string | undefined> = process.env): Record<string, string> {
  if (env.BUN_JSC_forceRAMSize) return { BUN_JSC_forceRAMSize: env.BUN_JSC_forceRAMSize };
  if (!env.VITALITY_HEAP_MB) return {};
  const parsed = heapMb.safeParse(env.VITALITY_HEAP_MB);
  if (!parsed.success)
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({ variable: "VITALITY_HEAP_MB", message: issue.message })),
    );
  // Never more than the machine has: JSC would then collect later than by its own pacing.
  return { BUN_JSC_forceRAMSize: String(Math.min(parsed.data * MB, totalmem())) };
}

/** What this process's heap is paced to, as the start-up line says it. */
export function heapPacedTo(env: Record<string, string | undefined> = process.env): string {
  const bytes = Number(env.BUN_JSC_forceRAMSize);
  return bytes > 0 ? `${Math.round(bytes / MB)} MB` : "the machine's memory";
}
