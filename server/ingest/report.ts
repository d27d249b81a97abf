/** One reason a file is refused. Row 0 is the header (a missing column or a missing table). */
export interface IngestError {
  table: string;
  row: number;
  /** The column as the user's file names it (hcpcs_code for a Tuva file, the header's own name). */
  column: string;
  reason: string;
}

/** Kinds of data-contract.md section 9 warnings: the file loads, but its figures mean less. */
export const warningCodes = [
  "paid_amount_missing",
  "units_zero",
  "no_setting",
  "no_category",
  "payer_unclassified",
] as const;
export type WarningCode = (typeof warningCodes)[number];

/** Something that loads but changes what the figures mean; `count` lines are concerned. */
export interface IngestWarning {
  code: WarningCode;
  table: string;
  column: string;
  count: number;
  message: string;
  /** The year the lines fall in (practice uploads). */
  year?: number;
}

/** Which table of the contract each file (entry, sheet) was read as. */
export interface TableRead {
  file: string;
  table: string;
}

export interface ErrorReport {
  errors: IngestError[];
  total: number;
  /** What would load with a warning (counted even on a refused file when the file could be read). */
  warnings?: IngestWarning[];
  tablesRead?: TableRead[];
  /** Rows that carry at least one error: what `skip_invalid` would set aside. */
  invalidRows?: number;
  /** True when an error is about the whole file or a table (row 0): skipping rows cannot help. */
  fileLevel?: boolean;
  /** Lines of years the uploader did not tick, per table and year (reported once per year). */
  outsideYears?: OutsideYears[];
  /** Lines (practice line tables) that skip_invalid would load: none means it cannot help. */
  keptRows?: number;
}

export interface OutsideYears {
  table: string;
  column: string;
  year: number;
  lines: number;
}

/** Whether 'Load the valid rows' (skip_invalid) can help: row errors only, and some rows would load. */
export const canSkipInvalid = (report: ErrorReport) =>
  report.total > 0 && !report.fileLevel && (report.invalidRows ?? 0) > 0 && (report.keptRows ?? 1) > 0;

/** The report keeps the first errors only; the total counts them all. */
export const REPORT_LIMIT = 100;

export function mergeReports(reports: ErrorReport[]): ErrorReport {
  return {
    errors: reports.flatMap((report) => report.errors).slice(0, REPORT_LIMIT),
    total: reports.reduce((sum, report) => sum + report.total, 0),
  };
}

export const singleError = (error: IngestError): ErrorReport => ({ errors: [error], total: 1 });
