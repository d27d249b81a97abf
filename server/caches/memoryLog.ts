/**
 * VITALITY_MEMORY_LOG_SECONDS (off by default): every so many seconds the server logs where its
 * memory is, so a long run can tell a leak from caches filling to their bounds (docs/operations.md,
 * "A soak"; the soak bench reads the lines): the `memory:` line (memoryLine.ts: resident set, JS
 * heap, PGlite's WebAssembly memory, DuckDB's instances and buffers), the
 * `caches:` line (every cache against its bound) and `heap_types:` (the kinds of JS object that
 * gained the most since the log started: a leaking kind gains in every line, a cache's kinds stop
 * gaining once it is full). Counting the heap's objects walks the heap (tens of ms
 * on a large one), so the period is minutes in practice, never per request.
 */
import { heapStats } from "bun:jsc";
import type { Database } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { heapTypesLine, type TypeCounts, typesGrown } from "./heapTypes.ts";
import { memoryLine } from "./memoryLine.ts";
import { cacheLine } from "./registry.ts";

/** Starts the periodic lines; the returned function stops them. 0 seconds: nothing is started. */
export function startMemoryLog(seconds: number, logger: Logger, database: Database): () => void {
  if (seconds <= 0) return () => {};
  const atStart: TypeCounts = heapStats().objectTypeCounts;
  let logging = false;
  const timer = setInterval(async () => {
    if (logging) return;
    logging = true;
    try {
      // One walk of the heap for both lines.
      const heap = heapStats();
      logger.info(await memoryLine(database, heap));
      logger.info(cacheLine());
      logger.info(heapTypesLine(typesGrown(atStart, heap.objectTypeCounts)));
    } catch (error) {
      logger.warn("memory log failed", { error: String(error) });
    } finally {
      logging = false;
    }
  }, seconds * 1000);
  timer.unref?.();
  return () => clearInterval(timer);
}
