/**
 * The DuckDB instances this process holds open (the analysis pools, an upload's or a scheme's own
 * instance, the registry's), so its memory report can say how many there are and what they hold:
 * each instance has its own memory limit (1 GB, or 512 MB for a pool of single-thread runs), so
 * instances left open would each be a gigabyte of room (docs/operations.md, "A soak").
 */
import type { DuckDBInstance } from "@duckdb/node-api";

export interface DuckInstancesMemory {
  /** Instances open now. */
  instances: number;
  /** What their buffer managers hold (duckdb_memory(): cached Parquet pages, temp tables, hash tables), bytes. */
  bytes: number;
}

/** A set of open instances and what they hold (one per process; a test makes its own). */
export class OpenInstances {
  private readonly open = new Set<DuckDBInstance>();

  opened(instance: DuckDBInstance) {
    this.open.add(instance);
  }

  closed(instance: DuckDBInstance) {
    this.open.delete(instance);
  }

  /**
   * Counts the open instances and sums what each says it holds, asked on a connection of its own
   * (never one a run is using). An instance closed while it is asked counts nothing.
   */
  async memory(): Promise<DuckInstancesMemory> {
    let bytes = 0;
    const instances = [...this.open];
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
}

/** This process's open instances (server/duckdb/open.ts adds and removes them). */
export const openInstances = new OpenInstances();
