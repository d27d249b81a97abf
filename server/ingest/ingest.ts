import { copyFileSync, linkSync, mkdirSync, mkdtempSync, realpathSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AppContext } from "../context.ts";
import { notifyDataChanged } from "../engine/dataChanges.ts";
import type { MarketKind } from "./contract.ts";
import { defaultLimits, type IngestLimits } from "./limits.ts";
import {
  type IngestJob,
  type IngestOutcome,
  type IngestTarget,
  type ProgressListener,
  sha256File,
} from "./pipeline.ts";
import {
  acceptMarketUpload,
  acceptPracticeUploads,
  rejectMarketUpload,
  rejectPracticeUploads,
  type StoredFile,
  startMarketUpload,
  startPracticeUploads,
} from "./record.ts";
import { type ErrorReport, singleError } from "./report.ts";
import { runWorker } from "./runWorker.ts";
import type { UploadedFile } from "./sources/collect.ts";
import { detectContainer } from "./sources/detect.ts";
import { newWorkDir, removeDir, storeUpload, switchIn, warehousePaths } from "./storage.ts";

export type IngestResult =
  | { status: "accepted"; years: number[]; rows: number; dataVersion?: number }
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
    const { storageName, path } = storeUpload(dataDir, area, file.path, detectContainer(file.path));
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
  input: { target: IngestTarget; years: number[]; files: UploadedFile[]; dataDir?: string },
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
      { target: input.target, years: input.years, files, dataDir: sandbox, workDir, limits, dryRun: true },
      options,
    );
    return outcome.accepted
      ? { status: "accepted", years: input.years, rows: outcome.rows }
      : { status: "rejected", report: outcome.report };
  } finally {
    removeDir(input.dataDir ? workDir : sandbox);
  }
}

/**
 * A practice data file (one or more tables, any container) for the given years: validated and
 * normalised in a child process, then each year's practice_lines switched in and recorded.
 */
export async function ingestPracticeUpload(
  context: AppContext,
  input: {
    organisationId: string;
    years: number[];
    files: UploadedFile[];
    uploadedBy?: string;
    uploadedByStaff?: string;
  },
  options: IngestOptions = {},
): Promise<IngestResult> {
  const limits = options.limits ?? defaultLimits;
  // Real path: DuckDB's folder allow-list compares resolved paths (a symlinked DATA_DIR would fail).
  const dataDir = realDataDir(context.config.dataDir);
  const { db } = context.database;
  const storage = await storeFiles(dataDir, `practice/${input.organisationId}`, input.files, limits);
  if (storage.refused) return { status: "rejected", report: storage.refused };
  const uploadIds = await startPracticeUploads(db, { ...input, files: storage.stored });

  const workDir = newWorkDir(dataDir);
  try {
    const outcome = await runJob(
      {
        target: { kind: "practice" },
        years: input.years,
        files: storage.stored.map((file) => ({ path: file.path, originalName: file.originalName })),
        dataDir,
        workDir,
        limits,
      },
      options,
    );
    if (!outcome.accepted || outcome.outputs.length === 0) {
      const report = outcome.accepted
        ? singleError({
            table: "",
            row: 0,
            column: "years",
            reason: `the file has no lines in ${input.years.join(", ")}`,
          })
        : outcome.report;
      await rejectPracticeUploads(db, input.organisationId, uploadIds, input.years, report);
      await notifyDataChanged(context, input.organisationId);
      return { status: "rejected", report };
    }
    await acceptPracticeUploads(db, {
      organisationId: input.organisationId,
      uploadIds,
      outputs: outcome.outputs,
      now: context.clock.now(),
      switchIn: () => {
        for (const output of outcome.outputs) {
          switchIn(output.path, warehousePaths.practiceLines(dataDir, input.organisationId, output.year));
        }
      },
    });
    await notifyDataChanged(context, input.organisationId);
    return { status: "accepted", years: outcome.years, rows: outcome.rows };
  } finally {
    removeDir(workDir);
  }
}

/** A market file of one kind and year (advisory board): validated, normalised, switched in. */
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

  const workDir = newWorkDir(dataDir);
  try {
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
    const finalPath =
      input.kind === "DEMO"
        ? warehousePaths.demographics(dataDir, input.year)
        : warehousePaths.marketCases(dataDir, input.year, input.kind);
    const dataVersion = await acceptMarketUpload(db, {
      uploadId,
      kind: input.kind,
      year: input.year,
      rows: output.rows,
      switchIn: () => switchIn(output.path, finalPath),
    });
    await notifyDataChanged(context, null);
    return { status: "accepted", years: [input.year], rows: output.rows, dataVersion };
  } finally {
    removeDir(workDir);
  }
}
