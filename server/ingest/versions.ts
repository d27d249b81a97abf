import { existsSync } from "node:fs";
import { join } from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { noteAudit } from "../audit/pending.ts";
import { auditedTransaction } from "../audit/recordWrites.ts";
import type { AppContext } from "../context.ts";
import { crashPoint } from "../crash/crashPoint.ts";
import type { Db } from "../db/client.ts";
import {
  customerUsers,
  organisationYears,
  practiceUploads,
  practiceYearVersions,
  staffAccounts,
} from "../db/schema/index.ts";
import { notifyDataChanged } from "../engine/dataChanges.ts";
import { HttpError, notFound } from "../http/errors.ts";
import { keyset, type PageRequest, pageOf } from "../http/pagination.ts";
import { publishStateChange } from "../live/stateChanges.ts";
import { refreshReplacedYears } from "../organisations/refreshQueue.ts";
import { withFileIntents } from "./reconcileFiles.ts";
import { sendBackToReview } from "./record.ts";
import { keepCopy, newWorkDir, removeDir, switchIn, warehousePaths } from "./storage.ts";
import { lockTargets, lockUploadTargets } from "./targetLock.ts";

/** The download of an upload's set-aside rows (server/routes/uploads/rejectedRows.ts). */
export const rejectedRowsUrl = (uploadId: string) => `/api/management/customer/file/rejected/${uploadId}/`;

/**
 * Versions a page holds when the caller names no `limit`: what the year detail's versions table
 * shows at once (each upload and restore adds one, without bound).
 */
export const VERSIONS_PAGE = 20;

/** A year's versions newest first; the data version, then the id, order those of one instant. */
const versionOrder = keyset([
  { column: practiceYearVersions.createdAt, type: "timestamptz", direction: "desc" },
  { column: practiceYearVersions.dataVersion, type: "integer", direction: "desc" },
  { column: practiceYearVersions.id, type: "uuid", direction: "desc" },
]);

/**
 * A page of a year's accepted versions, newest first (server/http/pagination.ts), as the staff year
 * detail lists them: its first page there, the others from GET .../year-version/{orgid}/{year}/.
 */
export async function versionsOf(
  db: Db,
  organisationId: string,
  year: number,
  marks: { currentId: string | null; heldId: string | null },
  page: PageRequest = { limit: VERSIONS_PAGE },
) {
  const rows = await db
    .select({
      version: practiceYearVersions,
      userEmail: customerUsers.email,
      userName: customerUsers.username,
      staffName: staffAccounts.username,
      pageKey: versionOrder.pageKey,
    })
    .from(practiceYearVersions)
    .leftJoin(customerUsers, eq(customerUsers.id, practiceYearVersions.uploadedBy))
    .leftJoin(staffAccounts, eq(staffAccounts.id, practiceYearVersions.uploadedByStaff))
    .where(
      and(
        eq(practiceYearVersions.organisationId, organisationId),
        eq(practiceYearVersions.year, year),
        versionOrder.after(page.cursor),
      ),
    )
    .orderBy(...versionOrder.orderBy)
    .limit(page.limit + 1);
  const { rows: shown, nextCursor } = pageOf(rows, page.limit);
  const versions = shown.map(({ version, userEmail, userName, staffName }) => ({
    id: version.id,
    data_version: version.dataVersion,
    created_at: version.createdAt.toISOString(),
    by: staffName ? `${staffName} (staff)` : (userName ?? userEmail ?? null),
    file_names: version.fileNames,
    rows: version.rows,
    checksum: version.checksum,
    warnings: version.warnings,
    skipped_rows: version.skippedRows,
    rejected_rows_url:
      version.rejectedRowsName && version.uploadIds[0] ? rejectedRowsUrl(version.uploadIds[0]) : null,
    restored_from: version.restoredFrom,
    current: version.id === marks.currentId,
    held: version.id === marks.heldId,
  }));
  return { versions, nextCursor };
}

/**
 * Brings an earlier version of a year back (staff): its kept Parquet is copied into a scratch
 * folder and switched in like an upload, under the year's lock; the year's version goes up, and
 * the restore is recorded as a new version naming the one it brought back.
 */
export async function restorePracticeVersion(
  context: AppContext,
  input: { organisationId: string; year: number; versionId: string; staffId: string },
) {
  const { db } = context.database;
  const { dataDir } = context.config;
  const [version] = await db
    .select()
    .from(practiceYearVersions)
    .where(
      and(
        eq(practiceYearVersions.id, input.versionId),
        eq(practiceYearVersions.organisationId, input.organisationId),
        eq(practiceYearVersions.year, input.year),
      ),
    );
  if (!version) throw notFound(`No such version of ${input.year}.`);
  const kept = warehousePaths.practiceVersion(dataDir, input.organisationId, input.year, version.storageName);
  if (!existsSync(kept)) throw new HttpError(409, "The file of this version is no longer kept.");
  const workDir = newWorkDir(dataDir);
  try {
    // A hard link where possible: the current file is then the kept one, which the reconcile
    // recognises without reading it.
    const copy = join(workDir, "practice_lines.parquet");
    keepCopy(kept, copy);
    const now = context.clock.now();
    const intent = { organisationId: input.organisationId, years: [input.year], change: "restore" as const };
    const restored = await withFileIntents(context, intent, () =>
      auditedTransaction(db, async (tx) => {
        await lockUploadTargets(tx, [lockTargets.practiceYear(input.organisationId, input.year)]);
        const [current] = await tx
          .select()
          .from(organisationYears)
          .where(
            and(
              eq(organisationYears.organisationId, input.organisationId),
              eq(organisationYears.year, input.year),
            ),
          );
        if (!current) throw notFound(`No year ${input.year}.`);
        if (current.currentVersionId === version.id && current.fileState === "uploaded")
          throw new HttpError(409, "This version is the current one.");
        switchIn(copy, warehousePaths.practiceLines(dataDir, input.organisationId, input.year));
        crashPoint("restore.after-switch");
        const dataVersion = current.dataVersion + 1;
        const [row] = await tx
          .insert(practiceYearVersions)
          .values({
            organisationId: input.organisationId,
            year: input.year,
            dataVersion,
            uploadIds: version.uploadIds,
            fileNames: version.fileNames,
            uploadedByStaff: input.staffId,
            rows: version.rows,
            checksum: version.checksum,
            warnings: version.warnings,
            skippedRows: version.skippedRows,
            rejectedRowsName: version.rejectedRowsName,
            storageName: version.storageName,
            restoredFrom: version.id,
            createdAt: now,
          })
          .returning({ id: practiceYearVersions.id });
        await tx
          .update(organisationYears)
          .set({
            fileState: "uploaded",
            dataVersion,
            rows: version.rows,
            checksum: version.checksum,
            warnings: version.warnings,
            skippedRows: version.skippedRows,
            uploadedAt: now,
            updatedAt: now,
            currentVersionId: row!.id,
          })
          .where(eq(organisationYears.id, current.id));
        // Other data than what staff reviewed: the year goes back to review, as after an upload.
        if (current.fileState === "uploaded")
          await sendBackToReview(
            tx as unknown as Db,
            {
              organisationId: input.organisationId,
              year: input.year,
              rows: current.rows,
              versionId: current.currentVersionId,
            },
            now,
          );
        // The file the year shows is the restored version's again.
        const accepted = await tx
          .select({ id: practiceUploads.id, years: practiceUploads.years })
          .from(practiceUploads)
          .where(
            and(
              eq(practiceUploads.organisationId, input.organisationId),
              eq(practiceUploads.state, "accepted"),
            ),
          );
        const replaced = accepted
          .filter((upload) => upload.years.includes(input.year) && !version.uploadIds.includes(upload.id))
          .map((upload) => upload.id);
        if (replaced.length > 0)
          await tx
            .update(practiceUploads)
            .set({ state: "superseded" })
            .where(inArray(practiceUploads.id, replaced));
        if (version.uploadIds.length > 0)
          await tx
            .update(practiceUploads)
            .set({ state: "accepted" })
            .where(inArray(practiceUploads.id, version.uploadIds));
        noteAudit({
          organisationId: input.organisationId,
          targetId: String(input.year),
          before: {
            version_id: current.currentVersionId,
            data_version: current.dataVersion,
            rows: current.rows,
          },
          after: {
            version_id: row!.id,
            data_version: dataVersion,
            rows: version.rows,
            restored_from: version.id,
          },
        });
        return { id: row!.id, dataVersion };
      }),
    );
    await notifyDataChanged(context, input.organisationId);
    await refreshReplacedYears(context, input.organisationId, [input.year], "restore");
    await publishStateChange(context, {
      organisationId: input.organisationId,
      year: input.year,
      topic: "year",
    });
    return restored;
  } finally {
    removeDir(workDir);
  }
}
