import type { Database } from "../db/client.ts";

/**
 * pg-boss's `db` option for the embedded PGlite, which has one connection and no pool for pg-boss to
 * open. Scripts without parameters may hold several statements (pg-boss's migrations).
 *
 * A statement after the database closed never answers: pg-boss completes or fails a job its worker
 * was still running without awaiting it, and against a closed PGlite that write could only end as
 * an unhandled rejection. Answering it with no rows was not enough: pg-boss reads the first row of
 * a command's answer (`fail` then threw a TypeError, unhandled, failing whatever test ran next in the
 * process). Left pending, the write simply does not happen and nothing after it runs; the job's
 * fate is the next process's to decide (docs/crash-safety.md), as after a kill.
 */
export function bossDatabase(database: Database) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      try {
        if (!values || values.length === 0) return { rows: await database.exec(text) };
        return { rows: await database.execute(text, values) };
      } catch (error) {
        if (error instanceof Error && error.message === "PGlite is closed")
          return new Promise<never>(() => {});
        throw error;
      }
    },
  };
}
