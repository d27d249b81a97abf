/**
 * The cached-answer benchmark on PostgreSQL: a fresh database (migrated by openDatabase) gets the
 * rows a run of the demo organisation reads, copied from the bench's embedded database, so a
 * server started with DATABASE_URL and the same data folder answers from the same warehouse files.
 * Dropped after the measurement.
 */
import postgres from "postgres";
import type { Db } from "../../server/db/client.ts";
import { openDatabase } from "../../server/db/client.ts";
import {
  advisoryBoardUploads,
  customerUsers,
  facilities,
  facilityLocations,
  organisations,
  organisationYears,
  practiceUploads,
  providers,
  serviceAreas,
} from "../../server/db/schema/index.ts";

/** In foreign-key order. */
const TABLES = [
  organisations,
  customerUsers,
  organisationYears,
  advisoryBoardUploads,
  practiceUploads,
  providers,
  facilities,
  facilityLocations,
  serviceAreas,
];

export async function postgresCopy(source: Db, adminUrl: string) {
  const name = `vitality_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  const target = await openDatabase({ databaseUrl: url, max: 2 });
  try {
    for (const table of TABLES) {
      const rows = await source.select().from(table);
      for (let start = 0; start < rows.length; start += 1000)
        await target.db.insert(table).values(rows.slice(start, start + 1000) as never);
    }
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
