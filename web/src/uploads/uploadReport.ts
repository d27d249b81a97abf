import type { AcceptedUpload, ErrorReport, IngestError, IngestWarning, TableRead } from "../api/answers.ts";
import { ApiError } from "../api/errors.ts";

/**
 * A refused data file's report as the server answers it (400 `{detail, errors, report}`,
 * server/routes/uploads/multipart.ts): the first errors and their total, the warnings known from
 * the header, which table each file was read as, and whether loading the valid rows can help. An
 * accepted practice file (200): years, lines, warnings, tables read, rows set aside.
 */
export type { AcceptedUpload, ErrorReport, IngestError, IngestWarning, TableRead };

export class UploadRefused extends ApiError {
  readonly report: ErrorReport;

  constructor(status: number, detail: string, report: ErrorReport) {
    super(status, detail, [], "file_refused");
    this.name = "UploadRefused";
    this.report = report;
  }
}

/** 409: the file would remove more than half of a year's lines; sending it again with confirm replaces it. */
export class ConfirmationNeeded extends ApiError {
  constructor(detail: string) {
    super(409, detail, [], "confirmation_needed");
    this.name = "ConfirmationNeeded";
  }
}

/** The refused file's report carried by a failed upload, if it has one. */
export const reportOf = (error: unknown): ErrorReport | undefined =>
  error instanceof UploadRefused ? error.report : undefined;

export const needsConfirmation = (error: unknown): error is ConfirmationNeeded =>
  error instanceof ConfirmationNeeded;

/** What the uploader asks of a resend: load the valid rows, or replace a shrinking year. */
export interface UploadOptions {
  skipInvalid?: boolean;
  confirm?: boolean;
}

export function appendUploadOptions(body: FormData, options: UploadOptions = {}) {
  if (options.skipInvalid) body.append("skip_invalid", "true");
  if (options.confirm) body.append("confirm", "true");
}

/** Row 0 is the header: a missing table or column, not a line of data. */
export const rowLabel = (row: number) => (row === 0 ? "header" : String(row));
