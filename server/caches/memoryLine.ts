/**
 * Where a process's memory is, in one line: printed beside the `caches:` line when the server stops
 * (the tenant benchmark shows it next to the peak RSS, issue 23) and, with
 * VITALITY_MEMORY_LOG_SECONDS, every so often while it runs (memoryLog.ts: the soak reads it).
 *
 * The parts, each measured by its owner: the resident set (the kernel's), the JavaScript heap
 * (JSC's live objects and the room it has for them), memory JSC is told of outside its heap (array
 * buffers, Blobs: `js_extra`), what Bun's own allocator (mimalloc) has committed, PGlite's
 * WebAssembly memory (it grows and never shrinks), and the open DuckDB instances with what their
 * buffer managers hold. `other_mb` is the resident set less the JS heap's room, mimalloc's
 * commitment, the WebAssembly memory and DuckDB's buffers: DuckDB's memory outside its buffer
 * manager (catalog, Parquet metadata, its allocator's free lists), the code and thread stacks. A
 * part not yet touched is not resident, so it is an estimate, not an exact remainder.
 */
import { heapStats } from "bun:jsc";
import type { Database } from "../db/client.ts";
import { duckInstancesMemory } from "../duckdb/openInstances.ts";

export interface MemoryFigures {
  rss: number;
  jsHeap: number;
  jsHeapCapacity: number;
  jsExtra: number;
  arrayBuffers: number;
  mimallocCommitted: number;
  pgliteWasm: number | undefined;
  duckInstances: number;
  duckBuffers: number;
  other: number;
}

interface MimallocStats {
  committed?: { current?: number };
}

export async function memoryFigures(database?: Database): Promise<MemoryFigures> {
  const usage = process.memoryUsage();
  const heap = heapStats();
  const mimalloc = (heap as { mimalloc?: MimallocStats }).mimalloc;
  const duck = await duckInstancesMemory();
  const pgliteWasm = database?.wasmMemoryBytes?.();
  const mimallocCommitted = mimalloc?.committed?.current ?? 0;
  return {
    rss: usage.rss,
    jsHeap: heap.heapSize,
    jsHeapCapacity: heap.heapCapacity,
    jsExtra: heap.extraMemorySize,
    arrayBuffers: usage.arrayBuffers,
    mimallocCommitted,
    pgliteWasm,
    duckInstances: duck.instances,
    duckBuffers: duck.bytes,
    other: usage.rss - heap.heapCapacity - mimallocCommitted - (pgliteWasm ?? 0) - duck.bytes,
  };
}

const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(0);

/** `memory: rss_mb=... js_heap_mb=... ... duckdb_instances=2 duckdb_mb=... other_mb=...` */
export function memoryLineOf(figures: MemoryFigures): string {
  const parts = [
    `rss_mb=${megabytes(figures.rss)}`,
    `js_heap_mb=${megabytes(figures.jsHeap)}`,
    `js_heap_capacity_mb=${megabytes(figures.jsHeapCapacity)}`,
    `js_extra_mb=${megabytes(figures.jsExtra)}`,
    `array_buffers_mb=${megabytes(figures.arrayBuffers)}`,
    `mimalloc_mb=${megabytes(figures.mimallocCommitted)}`,
    `pglite_wasm_mb=${figures.pgliteWasm === undefined ? "-" : megabytes(figures.pgliteWasm)}`,
    `duckdb_instances=${figures.duckInstances}`,
    `duckdb_mb=${megabytes(figures.duckBuffers)}`,
    `other_mb=${megabytes(figures.other)}`,
  ];
  return `memory: ${parts.join(" ")}`;
}

export async function memoryLine(database?: Database): Promise<string> {
  return memoryLineOf(await memoryFigures(database));
}
