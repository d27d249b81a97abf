import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { advisoryBoardUploads, practiceUploads } from "../db/schema/index.ts";
import { defaultLimits } from "./limits.ts";
import type { ErrorReport } from "./report.ts";
import { ownerFile, warehousePaths } from "./storage.ts";

/** A scratch folder without an owner file (written by older code) is left this long. */
const UNOWNED_GRACE_MS = 60 * 60 * 1000;

const interrupted: ErrorReport = {
  errors: [
    {
      table: "",
      row: 0,
      column: "",
      reason: "the upload was interrupted (the server stopped while reading it): send the file again",
    },
  ],
  total: 1,
  fileLevel: true,
};

export function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Scratch folders under tmp/ingest and tmp/received whose owner process is gone (on this host):
 * removed, and the uploads they served returned. Folders of live processes (other servers sharing
 * the data folder, the CLI) are left alone.
 */
function sweepScratch(dataDir: string, now: number) {
  const uploadIds: string[] = [];
  let folders = 0;
  for (const area of ["ingest", "received"]) {
    const root = join(dataDir, "tmp", area);
    if (!existsSync(root)) continue;
    for (const name of readdirSync(root)) {
      const dir = join(root, name);
      let dead: boolean;
      try {
        const owner = JSON.parse(readFileSync(join(dir, ownerFile), "utf8")) as {
          pid: number;
          host: string;
          uploadIds?: string[];
        };
        dead = owner.host === hostname() && owner.pid !== process.pid && !isAlive(owner.pid);
        if (dead) uploadIds.push(...(owner.uploadIds ?? []));
      } catch {
        dead = now - statSync(dir).mtimeMs > UNOWNED_GRACE_MS;
      }
      if (dead) {
        rmSync(dir, { recursive: true, force: true });
        folders++;
      }
    }
  }
  return { uploadIds, folders };
}

/** What the sweep reads: the data folder and limits, the uploads' rows, the time. */
type SweepContext = { config: Config; database: Database; clock: Clock };

/**
 * At start (section 9, "nothing left behind"): scratch of ingests a dead process left, the raw
 * files of uploads it never finished (marked rejected: interrupted), and uploads still
 * 'processing' long after any worker could have finished.
 */
export async function sweepUnfinishedIngests(context: SweepContext) {
  const { dataDir } = context.config;
  const { db } = context.database;
  const now = context.clock.now();
  const { uploadIds, folders } = sweepScratch(dataDir, now.getTime());
  const stale = new Date(now.getTime() - defaultLimits.workerTimeoutMs - UNOWNED_GRACE_MS);
  const practice = await db
    .select({
      id: practiceUploads.id,
      organisationId: practiceUploads.organisationId,
      storageName: practiceUploads.storageName,
    })
    .from(practiceUploads)
    .where(
      and(
        eq(practiceUploads.state, "processing"),
        uploadIds.length > 0 ? inArray(practiceUploads.id, uploadIds) : lt(practiceUploads.createdAt, stale),
      ),
    );
  const stalePractice =
    uploadIds.length > 0
      ? await db
          .select({
            id: practiceUploads.id,
            organisationId: practiceUploads.organisationId,
            storageName: practiceUploads.storageName,
          })
          .from(practiceUploads)
          .where(and(eq(practiceUploads.state, "processing"), lt(practiceUploads.createdAt, stale)))
      : [];
  const unfinished = [...new Map([...practice, ...stalePractice].map((row) => [row.id, row])).values()];
  for (const upload of unfinished)
    rmSync(warehousePaths.upload(dataDir, `practice/${upload.organisationId}`, upload.storageName), {
      force: true,
    });
  if (unfinished.length > 0) {
    await db
      .update(practiceUploads)
      .set({ state: "rejected", errorReport: interrupted, fileRemovedAt: now })
      .where(
        inArray(
          practiceUploads.id,
          unfinished.map((row) => row.id),
        ),
      );
  }
  const market = await db
    .select({
      id: advisoryBoardUploads.id,
      year: advisoryBoardUploads.year,
      storageName: advisoryBoardUploads.storageName,
      createdAt: advisoryBoardUploads.createdAt,
    })
    .from(advisoryBoardUploads)
    .where(eq(advisoryBoardUploads.state, "processing"));
  const marketUnfinished = market.filter((row) => uploadIds.includes(row.id) || row.createdAt < stale);
  for (const upload of marketUnfinished)
    rmSync(warehousePaths.upload(dataDir, `market/${upload.year}`, upload.storageName), { force: true });
  if (marketUnfinished.length > 0) {
    await db
      .update(advisoryBoardUploads)
      .set({ state: "rejected", errorReport: interrupted })
      .where(
        inArray(
          advisoryBoardUploads.id,
          marketUnfinished.map((row) => row.id),
        ),
      );
  }
  return { folders, uploads: unfinished.length + marketUnfinished.length };
}

/**
 * Raw files of refused practice uploads are patients' claims: removed once older than
 * REFUSED_UPLOAD_RETENTION_DAYS (the row and its report stay). Accepted originals are kept.
 */
export async function removeExpiredRefusedUploads(context: SweepContext) {
  const { dataDir, refusedUploadRetentionDays } = context.config;
  const { db } = context.database;
  const now = context.clock.now();
  const before = new Date(now.getTime() - refusedUploadRetentionDays * 24 * 60 * 60 * 1000);
  const expired = await db
    .select({
      id: practiceUploads.id,
      organisationId: practiceUploads.organisationId,
      storageName: practiceUploads.storageName,
    })
    .from(practiceUploads)
    .where(
      and(
        eq(practiceUploads.state, "rejected"),
        isNull(practiceUploads.fileRemovedAt),
        lt(practiceUploads.createdAt, before),
      ),
    );
  if (expired.length === 0) return 0;
  for (const upload of expired)
    rmSync(warehousePaths.upload(dataDir, `practice/${upload.organisationId}`, upload.storageName), {
      force: true,
    });
  await db
    .update(practiceUploads)
    .set({ fileRemovedAt: now })
    .where(
      inArray(
        practiceUploads.id,
        expired.map((row) => row.id),
      ),
    );
  return expired.length;
}
