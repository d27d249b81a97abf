import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { auditedTransaction } from "../audit/recordWrites.ts";
import type { Db } from "../db/client.ts";
import {
  advisoryBoardUploads,
  organisationYears,
  practiceUploads,
  practiceYearVersions,
  schemeResults,
  validations,
} from "../db/schema/index.ts";
import type { MarketKind } from "./contract.ts";
import type { IngestOutput } from "./pipeline.ts";
import type { ErrorReport, IngestWarning } from "./report.ts";
import { lockTargets, lockUploadTargets } from "./targetLock.ts";

export interface StoredFile {
  originalName: string;
  storageName: string;
  bytes: number;
  checksum: string;
}

export async function startPracticeUploads(
  db: Db,
  input: {
    organisationId: string;
    uploadedBy?: string;
    uploadedByStaff?: string;
    years: number[];
    files: StoredFile[];
  },
) {
  const rows = await db
    .insert(practiceUploads)
    .values(
      input.files.map((file) => ({
        organisationId: input.organisationId,
        uploadedBy: input.uploadedBy,
        uploadedByStaff: input.uploadedByStaff,
        ...file,
        years: input.years,
        state: "processing" as const,
      })),
    )
    .returning({ id: practiceUploads.id });
  return rows.map((row) => row.id);
}

/** A preview's uploads: nothing was loaded, so nothing of them is kept (the caller removes the files). */
export async function forgetPracticeUploads(db: Db, uploadIds: string[]) {
  await db.delete(practiceUploads).where(inArray(practiceUploads.id, uploadIds));
}

/**
 * A refused practice file: its rows say why. It creates no year (only an accepted upload does): a
 * year that exists (requested by staff, or refused before) shows the refusal, one that has data
 * keeps its state.
 */
export async function rejectPracticeUploads(
  db: Db,
  organisationId: string,
  uploadIds: string[],
  years: number[],
  report: ErrorReport,
) {
  await db.transaction(async (tx) => {
    await lockUploadTargets(
      tx,
      years.map((year) => lockTargets.practiceYear(organisationId, year)),
    );
    await tx
      .update(practiceUploads)
      .set({ state: "rejected", errorReport: report })
      .where(inArray(practiceUploads.id, uploadIds));
    if (years.length > 0) {
      await tx
        .update(organisationYears)
        .set({ fileState: "rejected" })
        .where(
          and(
            eq(organisationYears.organisationId, organisationId),
            inArray(organisationYears.year, years),
            ne(organisationYears.fileState, "uploaded"),
          ),
        );
    }
  });
}

/**
 * An accepted upload (or a staff restore of another version) replaced a year's data: whatever
 * staff reviewed was about the old data. Its validations and generated results are out of date by
 * themselves (they were stamped with the old data version: server/organisations/yearInputs.ts); the
 * year goes back to review - its new data not enabled for the customer - and, when something had
 * been reviewed, it records when and what it replaced, which both the customer's screens and staff's
 * year detail show until staff enable the year again. Customers keep reading the version that was
 * enabled (`heldVersionId`, the replaced version when the year was enabled; kept across further
 * replacements) until then.
 */
export async function sendBackToReview(
  db: Db,
  replaced: { organisationId: string; year: number; rows: number; versionId: string | null },
  now: Date,
) {
  const { organisationId, year } = replaced;
  const ofYear = <T extends typeof validations | typeof schemeResults>(table: T) =>
    and(eq(table.organisationId, organisationId), eq(table.year, year));
  const [[wasEnabled], reviewed] = await Promise.all([
    db
      .select({ enabled: organisationYears.enabled })
      .from(organisationYears)
      .where(and(eq(organisationYears.organisationId, organisationId), eq(organisationYears.year, year))),
    Promise.all([
      db.select({ id: validations.id }).from(validations).where(ofYear(validations)).limit(1),
      db.select({ id: schemeResults.id }).from(schemeResults).where(ofYear(schemeResults)).limit(1),
    ]),
  ]);
  if (!wasEnabled?.enabled && reviewed.every((rows) => rows.length === 0)) return;
  await db
    .update(organisationYears)
    .set({
      enabled: false,
      prelaunched: false,
      replacedAt: now,
      replacedRows: replaced.rows,
      ...(wasEnabled?.enabled ? { heldVersionId: replaced.versionId } : {}),
    })
    .where(and(eq(organisationYears.organisationId, organisationId), eq(organisationYears.year, year)));
}

/**
 * Switches the accepted years' files in and records them (version bump, rows, checksum), under
 * the years' advisory locks: another process's upload of the same years waits, so the file on disk
 * and its metadata always belong to the same upload.
 */
export async function acceptPracticeUploads(
  db: Db,
  input: {
    organisationId: string;
    uploadIds: string[];
    outputs: (IngestOutput & { versionName: string; warnings: IngestWarning[] })[];
    now: Date;
    fileNames: string[];
    uploadedBy?: string;
    uploadedByStaff?: string;
    skippedRows: number;
    rejectedRowsName?: string;
    switchIn: () => void;
  },
) {
  const years = input.outputs.map((output) => output.year);
  await auditedTransaction(db, async (tx) => {
    await lockUploadTargets(
      tx,
      years.map((year) => lockTargets.practiceYear(input.organisationId, year)),
    );
    input.switchIn();
    for (const output of input.outputs) {
      const [before] = await tx
        .select({
          fileState: organisationYears.fileState,
          rows: organisationYears.rows,
          versionId: organisationYears.currentVersionId,
        })
        .from(organisationYears)
        .where(
          and(
            eq(organisationYears.organisationId, input.organisationId),
            eq(organisationYears.year, output.year),
          ),
        );
      const [year] = await tx
        .insert(organisationYears)
        .values({
          organisationId: input.organisationId,
          year: output.year,
          fileState: "uploaded",
          dataVersion: 1,
          rows: output.rows,
          checksum: output.checksum,
          uploadedAt: input.now,
          warnings: output.warnings,
          skippedRows: input.skippedRows,
        })
        .onConflictDoUpdate({
          target: [organisationYears.organisationId, organisationYears.year],
          set: {
            fileState: "uploaded",
            dataVersion: sql`${organisationYears.dataVersion} + 1`,
            rows: output.rows,
            checksum: output.checksum,
            uploadedAt: input.now,
            updatedAt: input.now,
            warnings: output.warnings,
            skippedRows: input.skippedRows,
          },
        })
        .returning({ dataVersion: organisationYears.dataVersion });
      const [version] = await tx
        .insert(practiceYearVersions)
        .values({
          organisationId: input.organisationId,
          year: output.year,
          dataVersion: year!.dataVersion,
          uploadIds: input.uploadIds,
          fileNames: input.fileNames,
          uploadedBy: input.uploadedBy,
          uploadedByStaff: input.uploadedByStaff,
          rows: output.rows,
          checksum: output.checksum,
          warnings: output.warnings,
          skippedRows: input.skippedRows,
          rejectedRowsName: input.rejectedRowsName,
          storageName: output.versionName,
          createdAt: input.now,
        })
        .returning({ id: practiceYearVersions.id });
      if (before?.fileState === "uploaded") {
        await sendBackToReview(
          tx as unknown as Db,
          {
            organisationId: input.organisationId,
            year: output.year,
            rows: before.rows,
            versionId: before.versionId,
          },
          input.now,
        );
      }
      await tx
        .update(organisationYears)
        .set({ currentVersionId: version!.id })
        .where(
          and(
            eq(organisationYears.organisationId, input.organisationId),
            eq(organisationYears.year, output.year),
          ),
        );
    }
    // Earlier accepted files of these years are replaced by this one.
    const earlier = await tx
      .select({ id: practiceUploads.id, years: practiceUploads.years })
      .from(practiceUploads)
      .where(
        and(eq(practiceUploads.organisationId, input.organisationId), eq(practiceUploads.state, "accepted")),
      );
    const replaced = earlier
      .filter((upload) => upload.years.some((year) => years.includes(year)))
      .map((upload) => upload.id);
    if (replaced.length > 0) {
      await tx
        .update(practiceUploads)
        .set({ state: "superseded" })
        .where(inArray(practiceUploads.id, replaced));
    }
    await tx
      .update(practiceUploads)
      .set({
        state: "accepted",
        years,
        rows: input.outputs.reduce((sum, output) => sum + output.rows, 0),
        skippedRows: input.skippedRows,
        rejectedRowsName: input.rejectedRowsName,
      })
      .where(inArray(practiceUploads.id, input.uploadIds));
  });
}

export async function startMarketUpload(
  db: Db,
  input: { kind: MarketKind; year: number; uploadedBy?: string; file: StoredFile },
) {
  const [row] = await db
    .insert(advisoryBoardUploads)
    .values({
      kind: input.kind,
      year: input.year,
      uploadedBy: input.uploadedBy,
      ...input.file,
      state: "processing",
    })
    .returning({ id: advisoryBoardUploads.id });
  return row!.id;
}

/** A market upload the full disk stopped before its commit: as if it had never been sent. */
export async function forgetMarketUpload(db: Db, uploadId: string) {
  await db.delete(advisoryBoardUploads).where(eq(advisoryBoardUploads.id, uploadId));
}

export async function rejectMarketUpload(db: Db, uploadId: string, report: ErrorReport) {
  await db
    .update(advisoryBoardUploads)
    .set({ state: "rejected", errorReport: report })
    .where(eq(advisoryBoardUploads.id, uploadId));
}

/**
 * Switches the new market version of (kind, year) in and records it: previous accepted ->
 * superseded, version = last + 1, under the (kind, year) advisory lock so two processes never
 * read the same "last" version. `switchIn` is told the upload it replaces (the accepted one).
 */
export async function acceptMarketUpload(
  db: Db,
  input: {
    uploadId: string;
    kind: MarketKind;
    year: number;
    rows: number;
    switchIn: (replaced: { uploadId: string } | undefined) => void;
  },
) {
  return auditedTransaction(db, async (tx) => {
    await lockUploadTargets(tx, [lockTargets.market(input.kind, input.year)]);
    const sameKindYear = and(
      eq(advisoryBoardUploads.kind, input.kind),
      eq(advisoryBoardUploads.year, input.year),
    );
    const [previous] = await tx
      .select({ id: advisoryBoardUploads.id })
      .from(advisoryBoardUploads)
      .where(and(sameKindYear, eq(advisoryBoardUploads.state, "accepted")))
      .orderBy(desc(advisoryBoardUploads.dataVersion))
      .limit(1);
    input.switchIn(previous ? { uploadId: previous.id } : undefined);
    const [last] = await tx
      .select({ version: sql<number>`coalesce(max(${advisoryBoardUploads.dataVersion}), 0)` })
      .from(advisoryBoardUploads)
      .where(sameKindYear);
    const dataVersion = Number(last?.version ?? 0) + 1;
    await tx
      .update(advisoryBoardUploads)
      .set({ state: "superseded" })
      .where(and(sameKindYear, eq(advisoryBoardUploads.state, "accepted")));
    await tx
      .update(advisoryBoardUploads)
      .set({ state: "accepted", rows: input.rows, dataVersion })
      .where(eq(advisoryBoardUploads.id, input.uploadId));
    return dataVersion;
  });
}
