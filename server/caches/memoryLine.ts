/**
 * Where a process's memory is, in one line printed beside the `caches:` line when the server stops
 * (the tenant benchmark shows it next to the peak RSS, issue 23): the resident set, the JavaScript
 * heap, memory held outside it (array buffers, Blobs), and what each DuckDB instance reports it
 * holds. PGlite's WebAssembly memory is part of `external`/`array_buffers`.
 */
import { duckMemoryBytes } from "../engine/duckPool.ts";

const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(0);

export async function memoryLine(): Promise<string> {
  const usage = process.memoryUsage();
  const duck = await duckMemoryBytes().catch(() => undefined);
  const parts = [
    `rss_mb=${megabytes(usage.rss)}`,
    `heap_used_mb=${megabytes(usage.heapUsed)}`,
    `heap_total_mb=${megabytes(usage.heapTotal)}`,
    `external_mb=${megabytes(usage.external)}`,
    `array_buffers_mb=${megabytes(usage.arrayBuffers)}`,
    `duckdb_mb=${duck === undefined ? "?" : megabytes(duck)}`,
  ];
  return `memory: ${parts.join(" ")}`;
}
