/**
 * Where a process's memory is, in one line: printed beside the `caches:` line when the server stops
 * (the tenant benchmark shows it next to the peak RSS, issue 23) and, with
 * VITALITY_MEMORY_LOG_SECONDS, every so often while it runs (memoryLog.ts: the soak reads it).
 *
 * The parts, each measured by its owner: the resident set (the kernel's); the JavaScript heap's
 * objects (JSC's heap size less the memory outside it that JSC is told of); that outside memory
 * (`js_extra`: array buffers, Blobs, and among them PGlite's WebAssembly memory, shown apart: it
 * grows and never shrinks); the open DuckDB instances and what their buffer managers hold (native,
 * DuckDB's own allocator). `other_mb` is the resident set less those: the JS heap's free room,
 * DuckDB's memory outside its buffer manager (catalog, Parquet metadata, freed pages its allocator
 * keeps), Bun's own allocations, code and thread stacks. A part counted but not touched is not
 * resident, so `other_mb` is an estimate, not an exact remainder. (Bun's mimalloc statistics are
 * left out: its "committed" figure climbed to 16 GB in a soak whose resident set stayed at 1.2 GB.)
 */
import { type HeapStats, heapStats } from "bun:jsc";
import type { Database } from "../db/client.ts";
import { openInstances } from "../duckdb/openInstances.ts";

export interface MemoryFigures {
  rss: number;
  /** JSC's heap size less `jsExtra`: the JavaScript objects themselves. */
  jsObjects: number;
  jsHeapCapacity: number;
  /** Memory outside the JS heap that JSC accounts for (array buffers, Blobs, PGlite's WebAssembly memory). */
  jsExtra: number;
  arrayBuffers: number;
  pgliteWasm: number | undefined;
  duckInstances: number;
  duckBuffers: number;
  other: number;
}

/** `heap`: JSC's statistics when the caller has them already (each call of heapStats walks the heap). */
export async function memoryFigures(
  database?: Database,
  heap: HeapStats = heapStats(),
): Promise<MemoryFigures> {
  const usage = process.memoryUsage();
  const duck = await openInstances.memory();
  const pgliteWasm = database?.wasmMemoryBytes?.();
  return {
    rss: usage.rss,
    jsObjects: heap.heapSize - heap.extraMemorySize,
    jsHeapCapacity: heap.heapCapacity,
    jsExtra: heap.extraMemorySize,
    arrayBuffers: usage.arrayBuffers,
    pgliteWasm,
    duckInstances: duck.instances,
    duckBuffers: duck.bytes,
    // 0 when the parts counted exceed the resident set (memory reserved and counted, never touched).
    other: Math.max(0, usage.rss - heap.heapSize - duck.bytes),
  };
}

const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(0);

/** `memory: rss_mb=... js_objects_mb=... ... duckdb_instances=2 duckdb_mb=... other_mb=...` */
export function memoryLineOf(figures: MemoryFigures): string {
  const parts = [
    `rss_mb=${megabytes(figures.rss)}`,
    `js_objects_mb=${megabytes(figures.jsObjects)}`,
    `js_heap_capacity_mb=${megabytes(figures.jsHeapCapacity)}`,
    `js_extra_mb=${megabytes(figures.jsExtra)}`,
    `array_buffers_mb=${megabytes(figures.arrayBuffers)}`,
    `pglite_wasm_mb=${figures.pgliteWasm === undefined ? "-" : megabytes(figures.pgliteWasm)}`,
    `duckdb_instances=${figures.duckInstances}`,
    `duckdb_mb=${megabytes(figures.duckBuffers)}`,
    `other_mb=${megabytes(figures.other)}`,
  ];
  return `memory: ${parts.join(" ")}`;
}

export async function memoryLine(database?: Database, heap?: HeapStats): Promise<string> {
  return memoryLineOf(await memoryFigures(database, heap));
}
