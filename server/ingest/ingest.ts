import { randomUUID } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { crashPoint } from "../crash/crashPoint.ts";
import { MARKET_INTENT_ORGANISATION, organisationYears } from "../db/schema/index.ts";
import { notifyDataChanged } from "../engine/dataChanges.ts";
import { isStorageFull } from "../http/storageFull.ts";
import { publishStateChange } from "../live/stateChanges.ts";
import { refreshReplacedYears } from "../organisations/refreshQueue.ts";
import type { MarketKind } from "./contract.ts";
import { defaultLimits, type IngestLimits } from "./limits.ts";
import {
  type IngestJob,
  type IngestOutcome,
  type IngestOutput,
  type IngestTarget,
  type ProgressListener,
  sha256File,
} from "./pipeline.ts";
import { withFileIntents } from "./reconcileFiles.ts";
import { marketCurrentFile, reconcileMarketYear } from "./reconcileMarketFiles.ts";
import {
  acceptMarketUpload,
  acceptPracticeUploads,
  forgetMarketUpload,
  forgetPracticeUploads,
  rejectMarketUpload,
  rejectPracticeUploads,
  type StoredFile,
  startMarketUpload,
  startPracticeUploads,
} from "./record.ts";
import { type ErrorReport, type IngestWarning, singleError, type TableRead } from "./report.ts";
import { runWorker } from "./runWorker.ts";
import type { UploadedFile } from "./sources/collect.ts";
import { detectContainer } from "./sources/detect.ts";
import { keepCopy, newWorkDir, removeDir, storeUpload, switchIn, warehousePaths } from "./storage.ts";
import { removeExpiredRefusedUploads } from "./sweep.ts";

export type IngestResult =
  | {
      status: "accepted";
      years: number[];
      rows: number;
      dataVersion?: number;
      warnings?: IngestWarning[];
      tablesRead?: TableRead[];
      skippedRows?: number;
    }
  | { status: "rejected"; report: ErrorReport };

export interface IngestOptions {
  limits?: IngestLimits;
  /** Tests only: the child dies half-way through writing its output. */
  testCrash?: "mid-write";
  onProgress?: ProgressListener;
}

function realDataDir(dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  return realpathSync(dataDir);
}

/** Copies the uploads under generated names and measures them; refuses files over the size limit. */
async function storeFiles(dataDir: string, area: string, files: UploadedFile[], limits: IngestLimits) {
  const stored: (StoredFile & { path: string })[] = [];
  for (const file of files) {
    const bytes = statSync(file.path).size;
    if (bytes > limits.maxFileBytes) {
      return {
        refused: singleError({
          table: "",
          row: 0,
          column: "files",
          reason: `${file.originalName} is larger than ${limits.maxFileBytes} bytes`,
        }),
      };
    }
    let kept: ReturnType<typeof storeUpload>;
    try {
      kept = storeUpload(dataDir, area, file.path, detectContainer(file.path));
    } catch (error) {
      // A full disk half-way through several files: the ones already kept go too.
      for (const earlier of stored) rmSync(earlier.path, { force: true });
      throw error;
    }
    const { storageName, path } = kept;
    stored.push({
      originalName: file.originalName,
      storageName,
      path,
      bytes,
      checksum: await sha256File(path),
    });
  }
  return { stored };
}

async function runJob(job: IngestJob, options: IngestOptions): Promise<IngestOutcome> {
  return runWorker({ ...job, testCrash: options.testCrash }, options.onProgress);
}

/**
 * Validates files without an organisation or a database (the CLI's --dry-run): they are linked
 * (or copied) into a scratch sandbox, checked in the child process, and nothing is kept.
 */
export async function dryRunIngest(
  input: {
    target: IngestTarget;
    years: number[];
    files: UploadedFile[];
    dataDir?: string;
    skipInvalid?: boolean;
  },
  options: IngestOptions = {},
): Promise<IngestResult> {
  const limits = options.limits ?? defaultLimits;
  const sandbox = realDataDir(input.dataDir ?? mkdtempSync(join(tmpdir(), "vitality-dry-run-")));
  const workDir = newWorkDir(sandbox);
  try {
    const files = input.files.map((file, index) => {
      const path = join(workDir, `input-${index + 1}`);
      try {
        linkSync(file.path, path);
      } catch {
        copyFileSync(file.path, path);
      }
      return { path, originalName: file.originalName };
    });
    const outcome = await runJob(
      {
        target: input.target,
        years: input.years,
        files,
        dataDir: sandbox,
        workDir,
        limits,
        dryRun: true,
        skipInvalid: input.skipInvalid,
      },
      options,
    );
    return outcome.accepted
      ? {
          status: "accepted",
          years: input.years,
          rows: outcome.rows,
          warnings: outcome.warnings,
          tablesRead: outcome.tablesRead,
          skippedRows: outcome.skippedRows,
        }
      : { status: "rejected", report: outcome.report };
  } finally {
    removeDir(input.dataDir ? workDir : sandbox);
  }
}

/** The answer of a practice upload; `needs_confirmation`: it would remove more than half of a year. */
export type PracticeIngestResult =
  | {
      status: "accepted";
      years: number[];
      rows: number;
      warnings: IngestWarning[];
      tablesRead: TableRead[];
      skippedRows: number;
      /** The upload whose set-aside rows can be downloaded (GET .../file/rejected/<id>/). */
      rejectedRowsUpload?: string;
    }
  | { status: "rejected"; report: ErrorReport }
  | {
      status: "needs_confirmation";
      message: string;
      years: { year: number; current_rows: number; new_rows: number }[];
    }
  /** What the file holds, per year, before anything is loaded (nothing is kept of a preview). */
  | { status: "preview"; years: { year: number; rows: number; current_rows: number | null }[] };

/**
 * A practice data file (one or more tables, any container) for the given years (none: every
 * service year of the file, each switched in as its own version): validated and normalised in a
 * child process, then each year's practice_lines switched in, kept as a version and recorded.
 */
export async function ingestPracticeUpload(
  context: AppContext,
  input: {
    organisationId: string;
    years: number[];
    files: UploadedFile[];
    uploadedBy?: string;
    uploadedByStaff?: string;
    /** Load the valid rows of a file with errors, set the others aside (the uploader's request). */
    skipInvalid?: boolean;
    /** Replace a year even when the new file has fewer than half of its lines. */
    confirm?: boolean;
    /** Only read the file and answer the years it holds with their lines; load nothing. */
    preview?: boolean;
  },
  options: IngestOptions = {},
): Promise<PracticeIngestResult> {
  const limits = options.limits ?? defaultLimits;
  // Real path: DuckDB's folder allow-list compares resolved paths (a symlinked DATA_DIR would fail).
  const dataDir = realDataDir(context.config.dataDir);
  const { db } = context.database;
  await removeExpiredRefusedUploads(context).catch((error) =>
    console.error(`ingest: removing expired refused uploads failed: ${(error as Error).message}`),
  );
  const storage = await storeFiles(dataDir, `practice/${input.organisationId}`, input.files, limits);
  if (storage.refused) return { status: "rejected", report: storage.refused };
  const uploadIds = await startPracticeUploads(db, { ...input, files: storage.stored });

  /** Set once the new data is recorded: a full disk after that is no longer this upload's failure. */
  let committed = false;
  /** The rejected rows and the versions kept for this upload: not named by any row until the commit. */
  const keptFiles: string[] = [];
  let workDir: string | undefined;
  try {
    workDir = newWorkDir(dataDir, uploadIds);
    const outcome = await runJob(
      {
        target: { kind: "practice" },
        years: input.years,
        files: storage.stored.map((file) => ({ path: file.path, originalName: file.originalName })),
        dataDir,
        workDir,
        limits,
        skipInvalid: input.skipInvalid,
      },
      options,
    );
    /** Nothing of a preview is kept: neither its upload rows nor its stored files. */
    const forgetPreview = async () => {
      await forgetPracticeUploads(db, uploadIds);
      for (const file of storage.stored) rmSync(file.path, { force: true });
    };
    const refuse = async (report: ErrorReport) => {
      // A preview's refusal is told to the uploader only; the upload itself will say it again.
      if (input.preview) {
        await forgetPreview();
        return { status: "rejected" as const, report };
      }
      await rejectPracticeUploads(db, input.organisationId, uploadIds, input.years, report);
      await notifyDataChanged(context, input.organisationId);
      return { status: "rejected" as const, report };
    };
    if (!outcome.accepted) return refuse(outcome.report);
    if (outcome.outputs.length === 0) {
      const reason =
        input.years.length > 0
          ? `the file has no lines in ${input.years.join(", ")}`
          : "the file has no lines";
      return refuse({ ...singleError({ table: "", row: 0, column: "years", reason }), fileLevel: true });
    }
    if (input.preview) {
      const now = await uploadedRows(db, input.organisationId, outcome.outputs);
      await forgetPreview();
      return {
        status: "preview",
        years: outcome.outputs
          .map((output) => ({
            year: output.year,
            rows: output.rows,
            current_rows: now.get(output.year) ?? null,
          }))
          .sort((a, b) => a.year - b.year),
      };
    }
    if (!input.confirm) {
      const shrinking = await shrinkingYears(db, input.organisationId, outcome.outputs);
      if (shrinking.length > 0) {
        const message = `This file would remove more than half of the lines of ${shrinking
          .map(
            (item) =>
              `${item.year} (${item.current_rows.toLocaleString("en-US")} lines now, ${item.new_rows.toLocaleString("en-US")} in the file)`,
          )
          .join(", ")}. Send it again with confirm to replace the data.`;
        await rejectPracticeUploads(db, input.organisationId, uploadIds, [], {
          ...singleError({ table: "", row: 0, column: "confirm", reason: message }),
          fileLevel: true,
        });
        return { status: "needs_confirmation", message, years: shrinking };
      }
    }
    let rejectedRowsName: string | undefined;
    if (outcome.rejectedRowsPath) {
      rejectedRowsName = `${randomUUID()}.csv`;
      const rejectedRows = warehousePaths.rejectedRows(dataDir, input.organisationId, rejectedRowsName);
      keptFiles.push(rejectedRows);
      keepCopy(outcome.rejectedRowsPath, rejectedRows);
    }
    const versionName = () => `${randomUUID()}.parquet`;
    const outputs = outcome.outputs.map((output) => ({
      ...output,
      versionName: versionName(),
      warnings: outcome.warnings.filter((warning) => warning.year === output.year),
    }));
    // A kill between the switch-in and the commit leaves intents: the start-up reconcile puts the
    // recorded version back (reconcileFiles.ts).
    const intent = {
      organisationId: input.organisationId,
      years: outputs.map((output) => output.year),
      change: "upload" as const,
    };
    await withFileIntents(context, intent, () =>
      acceptPracticeUploads(db, {
        organisationId: input.organisationId,
        uploadIds,
        outputs,
        now: context.clock.now(),
        fileNames: storage.stored.map((file) => file.originalName),
        uploadedBy: input.uploadedBy,
        uploadedByStaff: input.uploadedByStaff,
        skippedRows: outcome.skippedRows ?? 0,
        rejectedRowsName,
        switchIn: () => {
          for (const output of outputs) {
            const current = warehousePaths.practiceLines(dataDir, input.organisationId, output.year);
            switchIn(output.path, current);
            const version = warehousePaths.practiceVersion(
              dataDir,
              input.organisationId,
              output.year,
              output.versionName,
            );
            keptFiles.push(version);
            keepCopy(current, version);
          }
          crashPoint("upload.after-switch");
        },
      }),
    );
    committed = true;
    await notifyDataChanged(context, input.organisationId);
    await refreshReplacedYears(context, input.organisationId, outcome.years, "upload");
    for (const year of outcome.years) {
      await publishStateChange(context, { organisationId: input.organisationId, year, topic: "year" });
    }
    return {
      status: "accepted",
      years: outcome.years,
      rows: outcome.rows,
      warnings: outcome.warnings,
      tablesRead: outcome.tablesRead ?? [],
      skippedRows: outcome.skippedRows ?? 0,
      rejectedRowsUpload: rejectedRowsName ? uploadIds[0] : undefined,
    };
  } catch (error) {
    // A full disk before the commit: the upload never happened (the year keeps its data, the
    // intents put its files back); its rows and kept files go, and the caller is told (507).
    if (!committed && isStorageFull(error)) {
      await forgetPracticeUploads(db, uploadIds).catch((cause) =>
        console.error(
          `ingest: forgetting an upload the full disk stopped failed: ${(cause as Error).message}`,
        ),
      );
      for (const file of [...storage.stored.map((stored) => stored.path), ...keptFiles])
        rmSync(file, { force: true });
    }
    throw error;
  } finally {
    if (workDir) removeDir(workDir);
  }
}

/** The lines each of the outputs' years holds now, for the years that have accepted data. */
async function uploadedRows(
  db: AppContext["database"]["db"],
  organisationId: string,
  outputs: IngestOutput[],
) {
  const rows = await db
    .select({
      year: organisationYears.year,
      rows: organisationYears.rows,
      fileState: organisationYears.fileState,
    })
    .from(organisationYears)
    .where(
      and(
        eq(organisationYears.organisationId, organisationId),
        inArray(
          organisationYears.year,
          outputs.map((output) => output.year),
        ),
      ),
    );
  return new Map(rows.filter((row) => row.fileState === "uploaded").map((row) => [row.year, row.rows]));
}

/** Years whose current data the outputs would cut by more than half (asked before replacing). */
async function shrinkingYears(
  db: AppContext["database"]["db"],
  organisationId: string,
  outputs: IngestOutput[],
) {
  const now = await uploadedRows(db, organisationId, outputs);
  return outputs.flatMap((output) => {
    const current = now.get(output.year);
    return current !== undefined && output.rows * 2 < current
      ? [{ year: output.year, current_rows: current, new_rows: output.rows }]
      : [];
  });
}

/**
 * A market file of one kind and year (advisory board): validated, normalised, kept under its upload
 * id, switched in and recorded, with an intent that makes a kill in between harmless.
 */
export async function ingestMarketUpload(
  context: AppContext,
  input: { kind: MarketKind; year: number; files: UploadedFile[]; uploadedBy?: string },
  options: IngestOptions = {},
): Promise<IngestResult> {
  const limits = options.limits ?? defaultLimits;
  // Real path: DuckDB's folder allow-list compares resolved paths (a symlinked DATA_DIR would fail).
  const dataDir = realDataDir(context.config.dataDir);
  const { db } = context.database;
  const storage = await storeFiles(dataDir, `market/${input.year}`, input.files, limits);
  if (storage.refused) return { status: "rejected", report: storage.refused };
  // One row per upload: several files of one market upload are stored, the first names the row.
  const [first] = storage.stored;
  if (!first)
    return {
      status: "rejected",
      report: singleError({ table: "", row: 0, column: "files", reason: "no file was sent" }),
    };
  const uploadId = await startMarketUpload(db, {
    kind: input.kind,
    year: input.year,
    uploadedBy: input.uploadedBy,
    file: first,
  });

  let committed = false;
  let keptVersion: string | undefined;
  let workDir: string | undefined;
  try {
    workDir = newWorkDir(dataDir, [uploadId]);
    const outcome = await runJob(
      {
        target: { kind: "market", marketKind: input.kind },
        years: [input.year],
        files: storage.stored.map((file) => ({ path: file.path, originalName: file.originalName })),
        dataDir,
        workDir,
        limits,
      },
      options,
    );
    const output = outcome.accepted ? outcome.outputs[0] : undefined;
    if (!outcome.accepted || !output) {
      const report = outcome.accepted
        ? singleError({ table: "", row: 0, column: "files", reason: "the file has no rows" })
        : outcome.report;
      await rejectMarketUpload(db, uploadId, report);
      return { status: "rejected", report };
    }
    const finalPath = marketCurrentFile(dataDir, input.year, input.kind);
    // The new file is kept under the upload's id before it is switched in, so a kill between the
    // switch-in and the commit is undone at start: the accepted upload's kept file is put back
    // (reconcileMarketFiles.ts).
    const dataVersion = await withFileIntents(
      context,
      {
        organisationId: MARKET_INTENT_ORGANISATION,
        years: [input.year],
        change: "market-upload",
        agree: (year) => reconcileMarketYear(context, year),
      },
      () =>
        acceptMarketUpload(db, {
          uploadId,
          kind: input.kind,
          year: input.year,
          rows: output.rows,
          switchIn: (replaced) => {
            // The file it replaces is kept too when it was switched in before kept files were.
            const keptReplaced =
              replaced && warehousePaths.marketVersion(dataDir, input.year, replaced.uploadId);
            if (keptReplaced && !existsSync(keptReplaced) && existsSync(finalPath))
              keepCopy(finalPath, keptReplaced);
            keptVersion = warehousePaths.marketVersion(dataDir, input.year, uploadId);
            keepCopy(output.path, keptVersion);
            switchIn(output.path, finalPath);
            crashPoint("market-upload.after-switch");
          },
        }),
    );
    committed = true;
    await notifyDataChanged(context, null);
    return { status: "accepted", years: [input.year], rows: output.rows, dataVersion };
  } catch (error) {
    // As a practice upload's: a full disk before the commit leaves no row and no kept file.
    if (!committed && isStorageFull(error)) {
      await forgetMarketUpload(db, uploadId).catch((cause) =>
        console.error(
          `ingest: forgetting an upload the full disk stopped failed: ${(cause as Error).message}`,
        ),
      );
      for (const file of storage.stored) rmSync(file.path, { force: true });
      if (keptVersion) rmSync(keptVersion, { force: true });
    }
    throw error;
  } finally {
    if (workDir) removeDir(workDir);
  }
}
