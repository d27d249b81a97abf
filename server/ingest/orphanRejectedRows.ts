import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { isNotNull } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { practiceUploads, practiceYearVersions } from "../db/schema/index.ts";
import { defaultLimits } from "./limits.ts";
import { warehousePaths } from "./storage.ts";

/**
 * A skip_invalid upload writes its rejected-rows CSV (patients' claims) before the transaction that
 * records it; a kill in between leaves the file named by no row, for ever. At start such files go.
 * A file younger than the longest an upload may run is left: another process sharing the data
 * folder may be between its write and its commit.
 */
const IN_FLIGHT_GRACE_MS = defaultLimits.workerTimeoutMs + 60 * 60 * 1000;

/** Removes the rejected-rows files no upload or year version names; answers how many went. */
export async function removeOrphanRejectedRows(context: Pick<AppContext, "config" | "database" | "clock">) {
  const { dataDir } = context.config;
  const { db } = context.database;
  const practiceRoot = dirname(warehousePaths.upload(dataDir, "practice", "x"));
  if (!existsSync(practiceRoot)) return 0;
  // Read before the folders are listed: a file committed meanwhile is young, so the grace keeps it.
  const named = new Set<string>();
  for (const table of [practiceYearVersions, practiceUploads]) {
    const rows = await db
      .selectDistinct({ name: table.rejectedRowsName })
      .from(table)
      .where(isNotNull(table.rejectedRowsName));
    for (const row of rows) named.add(row.name!);
  }
  const before = context.clock.now().getTime() - IN_FLIGHT_GRACE_MS;
  let removed = 0;
  for (const organisationId of readdirSync(practiceRoot)) {
    const folder = dirname(warehousePaths.rejectedRows(dataDir, organisationId, "x"));
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (named.has(name) || statSync(path).mtimeMs > before) continue;
      rmSync(path, { force: true });
      removed++;
    }
  }
  return removed;
}
