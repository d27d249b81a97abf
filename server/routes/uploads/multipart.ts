import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Context } from "hono";
import { z } from "zod";
import { noteParsedBody } from "../../audit/pending.ts";
import type { AppEnv } from "../../context.ts";
import { type FieldError, fieldErrors, fieldRefusal, HttpError } from "../../http/errors.ts";
import { NOT_A_FIELD } from "../../http/plainWords.ts";
import { refuseUnsafeText } from "../../http/textSafety.ts";
import type { IngestResult, PracticeIngestResult } from "../../ingest/ingest.ts";
import { defaultLimits } from "../../ingest/limits.ts";
import { canSkipInvalid, type ErrorReport } from "../../ingest/report.ts";
import { removeDir, writeOwner } from "../../ingest/storage.ts";
import { rejectedRowsUrl } from "../../ingest/versions.ts";
import { dataYearMessage, isDataYear, YEAR_MESSAGE } from "../../organisations/yearField.ts";
import {
  boundaryOf,
  type MultipartLimits,
  type ReceivedFile,
  type ReceivedForm,
  receiveMultipart,
} from "./multipartStream.ts";

/** The part name that carries the files unless a form says otherwise. */
const DEFAULT_FILE_FIELDS: ReadonlySet<string> = new Set(["files"]);

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
    message: "at least one file is required",
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

/** Parts a multipart form sent in the wrong place, refused by name (misplacedParts). */
export interface MisplacedParts {
  /** Text sent under a name that takes a file. */
  textInFileFields: string[];
  /** Files sent under a name that takes none. */
  strayFiles: string[];
}

export const MUST_BE_A_FILE = "must be a file, not text";
export const MUST_BE_TEXT = "must be text, not a file";

/** The text fields and files a form received, its misplaced parts set apart. */
export function sortParts(
  received: ReceivedForm,
  fileFields: ReadonlySet<string>,
): { fields: Record<string, unknown>; misplaced: MisplacedParts } {
  const fields = Object.fromEntries(
    Object.entries(received.fields).filter(([name]) => !fileFields.has(name)),
  );
  const textInFileFields = Object.keys(received.fields).filter((name) => fileFields.has(name));
  return { fields, misplaced: { textInFileFields, strayFiles: received.strayFiles } };
}

/**
 * The refusals of a form's misplaced parts, each by its field: text where a file goes, a file where
 * text goes, a file under a name the form does not have.
 */
export function misplacedParts(misplaced: MisplacedParts, textFields: z.ZodObject): FieldError[] {
  return [
    ...misplaced.textInFileFields.map((field) => ({ field, message: MUST_BE_A_FILE })),
    ...misplaced.strayFiles.map((field) => ({
      field,
      message: field in textFields.shape ? MUST_BE_TEXT : NOT_A_FIELD,
    })),
  ];
}

export interface ReceivedUpload {
  /** The text fields (a repeated name is an array) and `files`, the files written to disk. */
  form: Record<string, unknown> & { files: ReceivedFile[] };
  misplaced: MisplacedParts;
  /** The scratch folder holding the files; the caller removes it when done. */
  dir: string;
}

/**
 * Runs `work` on a received upload and removes the received files afterwards, whatever happens.
 */
export async function withReceivedUpload<T>(
  c: Context<AppEnv>,
  work: (form: ReceivedUpload["form"], misplaced: MisplacedParts) => Promise<T>,
  limits: MultipartLimits = uploadLimits,
  fileFields?: ReadonlySet<string>,
): Promise<T> {
  const received = await receiveUpload(c, limits, fileFields);
  try {
    return await work(received.form, received.misplaced);
  } finally {
    removeDir(received.dir);
  }
}

/**
 * Streams a multipart upload to disk under DATA_DIR/tmp/received/<uuid>/ (generated names): the
 * body is never held in memory. Too large (by Content-Length, or while streaming): 413, and the
 * partial files are removed before answering; so too when the disk is full (507, app.ts).
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
  if (!body) throw fieldRefusal("files", "at least one file is required");
  const dir = join(c.var.app.config.dataDir, "tmp", "received", randomUUID());
  mkdirSync(dir, { recursive: true });
  try {
    // The start-up sweep removes the folder if this process dies while receiving.
    writeOwner(dir);
    const received = await receiveMultipart(body, boundary, dir, limits, fileFields);
    const { fields, misplaced } = sortParts(received, fileFields ?? DEFAULT_FILE_FIELDS);
    return { form: { ...fields, files: received.files }, misplaced, dir };
  } catch (error) {
    removeDir(dir);
    throw error;
  }
}

/**
 * Parses a form with its (strict) schema: an unknown text field is refused by name, like a JSON
 * body's. `alsoRefused` (misplacedParts) joins the same refusal, so every field is named at once.
 */
export function parseForm<Schema extends z.ZodType>(
  schema: Schema,
  form: unknown,
  alsoRefused: FieldError[] = [],
): z.infer<Schema> {
  refuseUnsafeText(form);
  const parsed = schema.safeParse(form);
  // A field refused for its place (text where a file goes) is not refused again for what is missing.
  const placed = new Set(alsoRefused.map((error) => error.field));
  const parseErrors = parsed.success ? [] : fieldErrors(parsed.error);
  const errors = [...alsoRefused, ...parseErrors.filter((error) => !placed.has(error.field))];
  if (errors.length > 0) {
    throw new HttpError(400, errors.map((error) => `${error.field}: ${error.message}`).join("; "), errors);
  }
  noteParsedBody(fileNamesOnly(parsed.data));
  return parsed.data as z.infer<Schema>;
}

/** The form as the audit trail keeps it: a received file by its original name, never its path on disk. */
function fileNamesOnly(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fileNamesOnly);
  if (typeof value !== "object" || value === null) return value;
  if ("originalName" in value) return (value as { originalName: unknown }).originalName;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fileNamesOnly(inner)]));
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
  if (result.status === "preview") return c.json({ status: "preview", years: result.years }, 200);
  if (result.status === "needs_confirmation") {
    return c.json(
      {
        status: 409,
        code: "confirmation_needed",
        detail: result.message,
        confirm: true,
        years: result.years,
      },
      409,
    );
  }
  return refusedResponse(c, result.report);
}

function refusedResponse(c: Context<AppEnv>, report: ErrorReport) {
  const { total } = report;
  return c.json(
    {
      status: 400,
      code: "file_refused",
      detail: `The file was refused: ${total} error${total === 1 ? "" : "s"} (the first ${report.errors.length} are listed).`,
      // The one error shape too: each listed error on the form's files field, in words.
      errors: report.errors.map((error) => ({ field: "files", message: reportErrorWords(error) })),
      report: {
        errors: report.errors,
        total: report.total,
        warnings: report.warnings ?? [],
        tables_read: report.tablesRead ?? [],
        invalid_rows: report.invalidRows ?? 0,
        // Whether 'Load the valid rows' (skip_invalid) can help: not when a table or column is missing,
        // nor when it would set every line aside.
        can_skip_invalid: canSkipInvalid(report),
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
