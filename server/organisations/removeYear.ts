/**
 * Removing an organisation year's data (DELETE .../admin/customer/remove-year/). admin-area.md
 * section 8 warns, for the year and for the file alike, that all customer data of the year is
 * deleted: the practice data (professional fees, facility fees, payor classification) and what was
 * computed or answered from it (validations, service and macro capabilities, market profile,
 * scoring, questionnaire). The two actions differ in what stays:
 * - 'delete' (the year): nothing stays; the year's row and its service area go too.
 * - null (the file, 'Delete it, update data upload by myself'): the year stays with its service
 *   area, file state need_update and requested, so staff or the customer send a new file; it is no
 *   longer enabled nor prelaunched (it has to be reviewed again).
 */
import { existsSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { crashPoint } from "../crash/crashPoint.ts";
import {
  organisationYears,
  practiceUploads,
  questionnaires,
  schemeResults,
  serviceAreas,
  validations,
} from "../db/schema/index.ts";
import { notifyDataChanged } from "../engine/dataChanges.ts";
import { clearRunCache } from "../engine/runPlugin.ts";
import { withFileIntents } from "../ingest/reconcileFiles.ts";
import { warehousePaths } from "../ingest/storage.ts";
import { lockTargets, lockUploadTargets } from "../ingest/targetLock.ts";

export type RemoveAction = "delete" | null;

export interface RemovedYear {
  year: number;
  action: RemoveAction;
  /** Whether a canonical practice file was on disk and removed. */
  practice_data_removed: boolean;
  /** Received files that held only this year and were removed. */
  upload_files_removed: number;
}

/** The year's folder in the warehouse: warehouse/practice/<org>/<year>/. */
const practiceYearDir = (dataDir: string, organisationId: string, year: number) =>
  dirname(warehousePaths.practiceLines(dataDir, organisationId, year));

const uploadPath = (dataDir: string, organisationId: string, storageName: string) =>
  join(dataDir, "uploads", "practice", organisationId, storageName);

export async function removeYear(
  context: Pick<AppContext, "config" | "database" | "clock" | "live" | "logger">,
  input: { organisationId: string; year: number; action: RemoveAction },
): Promise<RemovedYear> {
  const { organisationId, year, action } = input;
  const { db } = context.database;
  const { dataDir } = context.config;
  const ofYear = {
    validations: and(eq(validations.organisationId, organisationId), eq(validations.year, year)),
    schemes: and(eq(schemeResults.organisationId, organisationId), eq(schemeResults.year, year)),
    questionnaires: and(eq(questionnaires.organisationId, organisationId), eq(questionnaires.year, year)),
    serviceAreas: and(eq(serviceAreas.organisationId, organisationId), eq(serviceAreas.year, year)),
    years: and(eq(organisationYears.organisationId, organisationId), eq(organisationYears.year, year)),
  };
  const practiceFile = warehousePaths.practiceLines(dataDir, organisationId, year);
  const practiceDataRemoved = existsSync(practiceFile);
  // The file action removes the practice data only: the files the engine derives from the market
  // and the (kept) service area beside it stay valid. Removing the year removes its whole folder.
  const target = action === "delete" ? practiceYearDir(dataDir, organisationId, year) : practiceFile;
  // The database changes first, in one transaction; the files after the commit. A kill in between
  // leaves the intent, and the start-up reconcile removes what the database no longer records (the
  // files are never moved inside the transaction: a rollback cannot put a file back).
  const uploadFiles: string[] = [];
  const change = action === "delete" ? "remove-year" : "remove-file";
  await withFileIntents(context, { organisationId, years: [year], change }, async () => {
    await db.transaction(async (tx) => {
      await lockUploadTargets(tx, [lockTargets.practiceYear(organisationId, year)]);
      await tx.delete(validations).where(ofYear.validations);
      await tx.delete(schemeResults).where(ofYear.schemes);
      await tx.delete(questionnaires).where(ofYear.questionnaires);
      if (action === "delete") {
        await tx.delete(serviceAreas).where(ofYear.serviceAreas);
        await tx.delete(organisationYears).where(ofYear.years);
      } else {
        await tx
          .update(organisationYears)
          .set({
            fileState: "need_update",
            requested: true,
            enabled: false,
            prelaunched: false,
            // The file is gone for customers too: no version is read while a new one is awaited.
            heldVersionId: null,
            rows: 0,
            checksum: null,
            uploadedAt: null,
            // No version is current any more (the kept versions stay restorable).
            warnings: [],
            skippedRows: 0,
            currentVersionId: null,
            // A new version: nothing cached for the old data can answer again.
            dataVersion: sql`${organisationYears.dataVersion} + 1`,
            updatedAt: context.clock.now(),
          })
          .where(ofYear.years);
      }
      // Received files: the year leaves their list; a file that held only this year is removed.
      const uploads = await tx
        .select()
        .from(practiceUploads)
        .where(eq(practiceUploads.organisationId, organisationId));
      for (const upload of uploads.filter((row) => row.years.includes(year))) {
        const years = upload.years.filter((other) => other !== year);
        await tx
          .update(practiceUploads)
          .set({
            years,
            state: years.length === 0 && upload.state === "accepted" ? "superseded" : upload.state,
          })
          .where(eq(practiceUploads.id, upload.id));
        if (years.length === 0) uploadFiles.push(uploadPath(dataDir, organisationId, upload.storageName));
      }
      crashPoint("remove-year.before-commit");
    });
    crashPoint("remove-year.after-commit");
    rmSync(target, { recursive: true, force: true });
  });
  const removedUploads = uploadFiles.filter((path) => existsSync(path));
  for (const path of removedUploads) rmSync(path, { force: true });
  clearRunCache(organisationId);
  await notifyDataChanged(context, organisationId);
  return {
    year,
    action,
    practice_data_removed: practiceDataRemoved,
    upload_files_removed: removedUploads.length,
  };
}
