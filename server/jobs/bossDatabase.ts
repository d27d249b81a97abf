import type { Database } from "../db/client.ts";

/**
 * pg-boss's `db` option for the embedded PGlite, which has one connection and no pool for pg-boss to
 * open. Scripts without parameters may hold several statements (pg-boss's migrations).
 */
export function bossDatabase(database: Database) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (!values || values.length === 0) return { rows: await database.exec(text) };
      return { rows: await database.execute(text, values) };
    },
  };
}
