import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import { HttpError, validationError } from "../../http/errors.ts";
import { refuseNullCharacters } from "../../http/textSafety.ts";
import type { IngestResult, PracticeIngestResult } from "../../ingest/ingest.ts";
import { defaultLimits } from "../../ingest/limits.ts";
import type { ErrorReport } from "../../ingest/report.ts";
import { removeDir, writeOwner } from "../../ingest/storage.ts";
import { rejectedRowsUrl } from "../../ingest/versions.ts";
import { dataYearMessage, isDataYear, YEAR_MESSAGE } from "../../organisations/yearField.ts";
import { boundaryOf, type MultipartLimits, type ReceivedFile, receiveMultipart } from "./multipartStream.ts";

/** Upload bodies may be as large as the largest accepted file, plus the form's other fields. */
export const uploadLimits: MultipartLimits = {
  maxBodyBytes: defaultLimits.maxFileBytes + 1024 * 1024,
  maxFileBytes: defaultLimits.maxFileBytes,
  maxFiles: defaultLimits.maxEntries,
  maxFields: 32,
  maxFieldBytes: 64 * 1024,
  maxHeaderBytes: 16 * 1024,
};

export const filesField = z
  .array(z.object({ path: z.string(), originalName: z.string(), bytes: z.number() }), {
    message: "files: at least one file is required",
  })
  .min(1, "at least one file is required");

/** The files as a client sends them (the handler sees them received on disk, as filesField). */
export const filesOnTheWire = z
  .array(z.file())
  .min(1)
  .meta({ description: "One or more files (CSV, XLSX or ZIP); repeat the field for each." });

/**
 * A market file's year, as the advisory board form sends it: 4 digits and a data year (2000 to next
 * year), as a practice upload's years: a typo (0000, 5999) would leave market data nobody reads.
 */
export const yearField = z
  .string()
  .regex(/^\d{4}$/, YEAR_MESSAGE)
  .transform(Number)
  .refine((year) => isDataYear(year), { error: () => dataYearMessage() });

export interface ReceivedUpload {
  /** The text fields (a repeated name is an array) and `files`, the files written to disk. */
  form: Record<string, unknown> & { files: ReceivedFile[] };
  /** The scratch folder holding the files; the caller removes it when done. */
  dir: string;
}

/**
 * Runs `work` on a received upload and removes the received files afterwards, whatever happens.
 */
export async function withReceivedUpload<T>(
  c: Context<AppEnv>,
  work: (form: ReceivedUpload["form"]) => Promise<T>,
  limits: MultipartLimits = uploadLimits,
  fileFields?: ReadonlySet<string>,
): Promise<T> {
  const received = await receiveUpload(c, limits, fileFields);
  try {
    return await work(received.form);
  } finally {
    removeDir(received.dir);
  }
}

/**
 * Streams a multipart upload to disk under DATA_DIR/tmp/received/<uuid>/ (generated names): the
 * body is never held in memory. Too large (by Content-Length, or while streaming): 413, and the
 * partial files are removed before answering.
 */
export async function receiveUpload(
  c: Context<AppEnv>,
  limits: MultipartLimits = uploadLimits,
  /** The part names that carry files (default `files`); all land in `form.files`. */
  fileFields?: ReadonlySet<string>,
): Promise<ReceivedUpload> {
  const boundary = boundaryOf(c.req.header("content-type") ?? "");
  if (!boundary) throw new HttpError(415, "Content-Type must be multipart/form-data.");
  const declared = Number(c.req.header("content-length") ?? Number.NaN);
  if (declared > limits.maxBodyBytes) {
    throw new HttpError(
      413,
      `Upload too large: the limit is ${Math.floor(limits.maxFileBytes / 1024 ** 2)} MB.`,
    );
  }
  const body = c.req.raw.body;
  if (!body) throw new HttpError(400, "files: at least one file is required");
  const dir = join(c.var.app.config.dataDir, "tmp", "received", randomUUID());
  mkdirSync(dir, { recursive: true });
  // The start-up sweep removes the folder if this process dies while receiving.
  writeOwner(dir);
  try {
    const { fields, files } = await receiveMultipart(body, boundary, dir, limits, fileFields);
    return { form: { ...fields, files }, dir };
  } catch (error) {
    removeDir(dir);
    throw error;
  }
}

export function parseForm<Schema extends z.ZodType>(schema: Schema, form: unknown): z.infer<Schema> {
  refuseNullCharacters(form);
  const parsed = schema.safeParse(form);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** The received files as the ingestion takes them (a browser may send no name: one is made up). */
export const uploadedFiles = (files: Pick<ReceivedFile, "path" | "originalName">[]) =>
  files.map((file, index) => ({ path: file.path, originalName: file.originalName || `file-${index + 1}` }));

/** 200 with the accepted years and rows, or 400 with the report of the refused file. */
export function ingestResponse(c: Context<AppEnv>, result: IngestResult) {
  if (result.status === "accepted") {
    return c.json({ status: "accepted", years: result.years, rows: result.rows }, 200);
  }
  return refusedResponse(c, result.report);
}

/**
 * A practice upload's answer: 200 with the years, rows, warnings, the table each file was read as
 * and the rows set aside; 400 with the whole report; 409 when it would remove more than half of a
 * year (resend with confirm).
 */
export function practiceIngestResponse(c: Context<AppEnv>, result: PracticeIngestResult) {
  if (result.status === "accepted") {
    return c.json(
      {
        status: "accepted",
        years: result.years,
        rows: result.rows,
        warnings: result.warnings,
        tables_read: result.tablesRead,
        skipped_rows: result.skippedRows,
        rejected_rows_url: result.rejectedRowsUpload ? rejectedRowsUrl(result.rejectedRowsUpload) : null,
      },
      200,
    );
  }
  if (result.status === "needs_confirmation") {
    return c.json({ status: 409, detail: result.message, confirm: true, years: result.years }, 409);
  }
  return refusedResponse(c, result.report);
}

function refusedResponse(c: Context<AppEnv>, report: ErrorReport) {
  const { total } = report;
  return c.json(
    {
      status: 400,
      detail: `The file was refused: ${total} error${total === 1 ? "" : "s"} (the first ${report.errors.length} are listed).`,
      // The one error shape too: each listed error on the form's files field, in words.
      errors: report.errors.map((error) => ({ field: "files", message: reportErrorWords(error) })),
      report: {
        errors: report.errors,
        total: report.total,
        warnings: report.warnings ?? [],
        tables_read: report.tablesRead ?? [],
        invalid_rows: report.invalidRows ?? 0,
        // Whether 'Load the valid rows' (skip_invalid) can help: not when a table or column is missing.
        can_skip_invalid: total > 0 && !report.fileLevel && (report.invalidRows ?? 0) > 0,
      },
    },
    400,
  );
}

/** One error of a file's report in words: where (table, row, column) and why. */
export function reportErrorWords(error: ErrorReport["errors"][number]): string {
  const where = [
    error.table,
    error.row > 0 ? `row ${error.row}` : undefined,
    error.column ? `column ${error.column}` : undefined,
  ].filter(Boolean);
  return `${where.join(", ")}: ${error.reason}`;
}
