/** One reason a file is refused. Row 0 is the header (a missing column or a missing table). */
export interface IngestError {
  table: string;
  row: number;
  column: string;
  reason: string;
}

export interface ErrorReport {
  errors: IngestError[];
  total: number;
}

/** The report keeps the first errors only; the total counts them all. */
export const REPORT_LIMIT = 100;

export function mergeReports(reports: ErrorReport[]): ErrorReport {
  return {
    errors: reports.flatMap((report) => report.errors).slice(0, REPORT_LIMIT),
    total: reports.reduce((sum, report) => sum + report.total, 0),
  };
}

export const singleError = (error: IngestError): ErrorReport => ({ errors: [error], total: 1 });
