import type { ErrorReport, IngestError } from "../../../server/ingest/report.ts";
import { ApiError } from "../api/errors.ts";

export type { ErrorReport, IngestError };

/**
 * A refused data file: the server answers 400 with `{detail, report}` (server/ingest/report.ts), the
 * report listing the first errors and counting them all.
 */
export class UploadRefused extends ApiError {
  readonly report: ErrorReport;

  constructor(status: number, detail: string, report: ErrorReport) {
    super(status, detail);
    this.name = "UploadRefused";
    this.report = report;
  }
}

/** The refused file's report carried by a failed upload, if it has one. */
export const reportOf = (error: unknown): ErrorReport | undefined =>
  error instanceof UploadRefused ? error.report : undefined;

/** Row 0 is the header: a missing table or column, not a line of data. */
export const rowLabel = (row: number) => (row === 0 ? "header" : String(row));
