import type { Database } from "../db/client.ts";

/**
 * pg-boss's `db` option for the embedded PGlite, which has one connection and no pool for pg-boss to
 * open. Scripts without parameters may hold several statements (pg-boss's migrations).
 *
 * `detach()` (the queue's stop) turns later statements into no-ops: pg-boss completes or fails a
 * job its worker was still running without awaiting it, and once the database is closed that write
 * could only end as an unhandled rejection. The job's fate is then the next process's to decide
 * (docs/crash-safety.md), as after a kill.
 */
export function bossDatabase(database: Database) {
  let detached = false;
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (detached) return { rows: [] };
      if (!values || values.length === 0) return { rows: await database.exec(text) };
      return { rows: await database.execute(text, values) };
    },
    detach() {
      detached = true;
    },
  };
}
