/**
 * The DuckDB instances this process holds open (the analysis pools, an upload's or a scheme's own
 * instance, the registry's), so its memory report can say how many there are and what they hold:
 * each instance has its own memory limit (1 GB, or 512 MB for a pool of single-thread runs), so
 * instances left open would each be a gigabyte of room (docs/operations.md, "A soak").
 */
import type { DuckDBInstance } from "@duckdb/node-api";

const open = new Set<DuckDBInstance>();

export function instanceOpened(instance: DuckDBInstance) {
  open.add(instance);
}

export function instanceClosed(instance: DuckDBInstance) {
  open.delete(instance);
}

export interface DuckInstancesMemory {
  /** Instances open now. */
  instances: number;
  /** What their buffer managers hold (duckdb_memory(): cached Parquet pages, temp tables, hash tables), bytes. */
  bytes: number;
}

/**
 * Counts the open instances and sums what each says it holds, asked on a connection of its own
 * (never one a run is using). An instance closed while it is asked counts nothing.
 */
export async function duckInstancesMemory(): Promise<DuckInstancesMemory> {
  let bytes = 0;
  const instances = [...open];
  for (const instance of instances) {
    try {
      const connection = await instance.connect();
      try {
        const reader = await connection.runAndReadAll(
          "SELECT coalesce(sum(memory_usage_bytes), 0)::BIGINT AS bytes FROM duckdb_memory()",
        );
        bytes += Number(reader.getRowObjectsJS()[0]?.bytes ?? 0);
      } finally {
        connection.closeSync();
      }
    } catch {
      // Closed meanwhile: it holds nothing any more.
    }
  }
  return { instances: instances.length, bytes };
}
