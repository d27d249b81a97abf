/**
 * The benches on PostgreSQL: a fresh database (migrated by openDatabase) gets every row of the
 * bench's embedded database, so a server started with DATABASE_URL and the same data folder reads
 * exactly what the embedded one reads. Every table of the schema is copied: a hand-kept list left
 * out the held practice versions (practice_year_versions), so customers on the copy read the
 * year's newest practice file instead of its reviewed version, under another data version whose
 * kept files did not exist (the tenant bench's PostgreSQL phases of 2026-11-29). Dropped after the
 * measurement.
 */
import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import postgres from "postgres";
import type { Db } from "../../server/db/client.ts";
import { openDatabase } from "../../server/db/client.ts";
import * as schema from "../../server/db/schema/index.ts";

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);

export async function postgresCopy(source: Db, adminUrl: string) {
  const name = `vitality_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  const target = await openDatabase({ databaseUrl: url, max: 2 });
  try {
    await target.db.transaction(async (tx) => {
      // Foreign keys unchecked while the copy fills the tables in any order (they held in the source).
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      for (const table of tables) {
        // Rows the migrations insert (settings, defaults) are the source's to give.
        await tx.execute(sql.raw(`DELETE FROM "${getTableConfig(table).name}"`));
        const rows = await source.select().from(table);
        for (let start = 0; start < rows.length; start += 1000)
          await tx.insert(table).values(rows.slice(start, start + 1000) as never);
      }
    });
  } catch (error) {
    await target.close();
    throw error;
  }
  return {
    url,
    database: target,
    async drop() {
      await target.close();
      const dropper = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
