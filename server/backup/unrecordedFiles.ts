/**
 * A backup copies the data folder after the database snapshot, so it may hold the files of writes
 * the snapshot does not have: an upload committed in between (its raw file, its kept version, a
 * new year's folder). Restored, those are named by no row. The start-up reconcile puts each
 * recorded year's current file back; this removes what no row names, so an upload after the
 * recovery point is wholly out (and its patients' claims do not linger). Run at restore only,
 * before any server starts on the folder: nothing is in flight there.
 */
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import type { AppContext } from "../context.ts";
import {
  advisoryBoardUploads,
  organisationYears,
  practiceUploads,
  practiceYearVersions,
} from "../db/schema/index.ts";

const entries = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
const isFolder = (path: string) => statSync(path).isDirectory();

/** Removes the files and folders no row of the restored database names; answers their paths. */
export async function removeUnrecordedFiles(
  context: Pick<AppContext, "config" | "database">,
): Promise<string[]> {
  const { dataDir } = context.config;
  const { db } = context.database;
  const years = new Set(
    (
      await db
        .select({ o: organisationYears.organisationId, y: organisationYears.year })
        .from(organisationYears)
    ).map((row) => `${row.o}/${row.y}`),
  );
  const versions = await db
    .select({
      o: practiceYearVersions.organisationId,
      y: practiceYearVersions.year,
      name: practiceYearVersions.storageName,
      rejected: practiceYearVersions.rejectedRowsName,
    })
    .from(practiceYearVersions);
  const kept = new Set(versions.map((row) => `${row.o}/${row.y}/${row.name}`));
  const practice = await db
    .select({
      o: practiceUploads.organisationId,
      name: practiceUploads.storageName,
      rejected: practiceUploads.rejectedRowsName,
    })
    .from(practiceUploads);
  const market = await db
    .select({
      id: advisoryBoardUploads.id,
      year: advisoryBoardUploads.year,
      name: advisoryBoardUploads.storageName,
    })
    .from(advisoryBoardUploads);
  const rawPractice = new Set(practice.map((row) => `${row.o}/${row.name}`));
  const rejected = new Set(
    [...practice, ...versions].flatMap((row) => (row.rejected ? [`${row.o}/${row.rejected}`] : [])),
  );
  const marketKept = new Set(market.map((row) => `${row.year}/${row.id}.parquet`));
  const rawMarket = new Set(market.map((row) => `${row.year}/${row.name}`));

  const removed: string[] = [];
  const remove = (path: string) => {
    rmSync(path, { recursive: true, force: true });
    removed.push(path.slice(dataDir.length + 1));
  };
  const practiceRoot = join(dataDir, "warehouse", "practice");
  for (const organisation of entries(practiceRoot))
    for (const year of entries(join(practiceRoot, organisation))) {
      const folder = join(practiceRoot, organisation, year);
      if (!years.has(`${organisation}/${year}`)) {
        remove(folder);
        continue;
      }
      for (const name of entries(join(folder, "versions")))
        if (!kept.has(`${organisation}/${year}/${name}`)) remove(join(folder, "versions", name));
    }
  const marketRoot = join(dataDir, "warehouse", "market");
  for (const year of entries(marketRoot))
    for (const name of entries(join(marketRoot, year, "versions")))
      if (!marketKept.has(`${year}/${name}`)) remove(join(marketRoot, year, "versions", name));

  const uploadsRoot = join(dataDir, "uploads");
  for (const organisation of entries(join(uploadsRoot, "practice"))) {
    const folder = join(uploadsRoot, "practice", organisation);
    for (const name of entries(folder)) {
      if (name === "rejected") {
        for (const file of entries(join(folder, name)))
          if (!rejected.has(`${organisation}/${file}`)) remove(join(folder, name, file));
      } else if (!isFolder(join(folder, name)) && !rawPractice.has(`${organisation}/${name}`)) {
        remove(join(folder, name));
      }
    }
  }
  for (const year of entries(join(uploadsRoot, "market")))
    for (const name of entries(join(uploadsRoot, "market", year)))
      if (!rawMarket.has(`${year}/${name}`)) remove(join(uploadsRoot, "market", year, name));
  return removed;
}
