import { createReadStream } from "node:fs";
import { join } from "node:path";
import { type DuckDb, openDuckDb } from "../duckdb/open.ts";
import { isStorageFull } from "../http/storageFull.ts";
import { loadCodeTables } from "../reference/codes/load.ts";
import type { MarketKind } from "./contract.ts";
import { loadTables } from "./identify.ts";
import type { IngestLimits } from "./limits.ts";
import { writeDemographics, writeMarketCases } from "./normalise/market.ts";
import { writeMarketCasesOnePass } from "./normalise/marketOnePass.ts";
import { writePracticeLines } from "./normalise/practice.ts";
import {
  type ErrorReport,
  type IngestWarning,
  mergeReports,
  REPORT_LIMIT,
  type TableRead,
} from "./report.ts";
import { collectSources, type UploadedFile } from "./sources/collect.ts";
import { ContainerRefused } from "./sources/zipEntries.ts";
import { numberedRows, type Stage, UnreadableSource, unreadable } from "./stage.ts";
import { markMissingTuvaColumns, stageTuva } from "./tuva.ts";
import {
  keepValidRows,
  outsideYearErrors,
  rejectedRowsSql,
  setUploadYears,
  validateStage,
} from "./validate.ts";

export type IngestTarget = { kind: "practice" } | { kind: "market"; marketKind: MarketKind };

/** Everything the parse/validate/normalise step needs; serialisable, since it runs in a child. */
export interface IngestJob {
  target: IngestTarget;
  years: number[];
  files: UploadedFile[];
  /** The DuckDB sandbox (DATA_DIR). */
  dataDir: string;
  /** Scratch folder of this job, inside dataDir; outputs are written here under generated names. */
  workDir: string;
  limits: IngestLimits;
  dryRun?: boolean;
  /** After a refusal, on the uploader's request: load the valid rows, set the others aside. */
  skipInvalid?: boolean;
}

/** Phases a long upload goes through, with the share of the work done when each starts. */
export const ingestPhases = {
  unpacking: 0,
  loading: 0.05,
  validating: 0.45,
  normalising: 0.6,
  done: 1,
} as const;
export type IngestPhase = keyof typeof ingestPhases;
export type ProgressListener = (phase: IngestPhase) => void;

export interface IngestOutput {
  year: number;
  /** Canonical table written: practice_lines, market_cases, demographics. */
  table: string;
  path: string;
  rows: number;
  checksum: string;
}

export type IngestOutcome =
  | {
      accepted: true;
      rows: number;
      years: number[];
      outputs: IngestOutput[];
      tables: Record<string, number>;
      /** Section 9 warnings, per year and table, each with its count. */
      warnings: IngestWarning[];
      tablesRead?: TableRead[];
      /** Rows set aside by skip_invalid, and the CSV listing them with their reasons. */
      skippedRows?: number;
      rejectedRowsPath?: string;
    }
  | { accepted: false; report: ErrorReport };

/** DuckDB errors that mean the file itself is malformed (not a fault of our SQL). */
const isUnreadableFile = (error: unknown) =>
  error instanceof UnreadableSource ||
  // DuckDB's "IO Error: ... No space left on device" is the server's disk, not the file.
  (!isStorageFull(error) &&
    (/^(Invalid Input Error|Conversion Error|IO Error|Invalid Error)/.test((error as Error)?.message ?? "") ||
      /CSV|parquet/i.test((error as Error)?.message ?? "")));

export async function sha256File(path: string) {
  const hasher = new Bun.CryptoHasher("sha256");
  for await (const chunk of createReadStream(path)) hasher.update(chunk as Buffer);
  return hasher.digest("hex");
}

const fileError = (table: string, reason: string): ErrorReport => ({
  errors: [{ table, row: 0, column: "", reason }],
  total: 1,
  fileLevel: true,
});

/** Validates a stage; a file that turns out unreadable while scanned is one plain error. */
async function validateReadable(duck: DuckDb, stage: Stage): Promise<ErrorReport> {
  try {
    return await validateStage(duck, stage);
  } catch (error) {
    // Views read the file lazily: a malformed file surfaces here, as DuckDB's reader error.
    if (!isUnreadableFile(error)) throw error;
    const plain =
      error instanceof UnreadableSource
        ? error
        : unreadable(stage.origin ?? stage.label, stage.format ?? "csv", error);
    return fileError(stage.label, plain.message);
  }
}

interface PracticeStaged {
  /** The practice tables to write (for a Tuva file, its mapping). */
  stages: Stage[];
  /** Every stage checked, the Tuva tables included (their rejected rows go to the CSV too). */
  checked: Stage[];
  reports: ErrorReport[];
}

/**
 * Every table of a practice upload is checked before any report is made (section 9): for a Tuva
 * file, its own tables and then the practice lines they map to, all in one report. With
 * skip_invalid, the Tuva tables' invalid rows are set aside before the mapping.
 */
async function stagePractice(duck: DuckDb, stages: Stage[], skipInvalid: boolean): Promise<PracticeStaged> {
  const claim = stages.find((stage) => stage.spec.name === "medical_claim");
  const eligibility = stages.find((stage) => stage.spec.name === "eligibility");
  if (claim) {
    // The claim's keys are checked on the practice lines they map to, under the same names.
    claim.waived.push("claim_id", "claim_line_number");
    try {
      await markMissingTuvaColumns(duck, claim);
    } catch (error) {
      // An unreadable file is reported by its validation just below.
      if (!isUnreadableFile(error)) throw error;
    }
    const reports = [await validateReadable(duck, claim)];
    if (eligibility) reports.push(await validateReadable(duck, eligibility));
    else
      reports.push(
        fileError(
          "eligibility",
          "the eligibility table is missing: add the eligibility file (it gives each patient's zip code and coverage)",
        ),
      );
    // An unreadable table cannot be mapped; everything else is, so the report says it all at once.
    if (reports.some((report) => report.errors.some((error) => / cannot be read: /.test(error.reason))))
      return { stages: [], checked: [claim], reports };
    if (skipInvalid) {
      await keepValidRows(duck, claim);
      if (eligibility) await keepValidRows(duck, eligibility);
    }
    const mapped = await stageTuva(duck, await numberedRows(duck, claim), claim, eligibility?.view);
    for (const stage of mapped) {
      if (claim.missingColumns.includes("claim_id")) stage.waived.push("claim_id");
      if (claim.missingColumns.includes("claim_line_number")) stage.waived.push("line");
      reports.push(await validateReadable(duck, stage));
    }
    return { stages: mapped, checked: [claim, ...(eligibility ? [eligibility] : []), ...mapped], reports };
  }
  if (eligibility) {
    return {
      stages,
      checked: [],
      reports: [
        fileError("medical_claim", "eligibility was given without medical_claim: add the medical_claim file"),
      ],
    };
  }
  if (
    !stages.some((stage) => stage.spec.name === "professional_fees" || stage.spec.name === "facility_fees")
  ) {
    const reason = "the file has neither a professional_fees nor a facility_fees table";
    return { stages, checked: [], reports: [fileError("professional_fees", reason)] };
  }
  const reports = [];
  for (const stage of stages) reports.push(await validateReadable(duck, stage));
  return { stages, checked: stages, reports };
}

/** The practice lines skip_invalid would load: a refusal whose every line fails offers no skipping. */
async function keptLines(duck: DuckDb, stages: Stage[]) {
  let kept = 0;
  for (const stage of stages) {
    if (stage.spec.name !== "professional_fees" && stage.spec.name !== "facility_fees") continue;
    const name = stage.spec.name;
    const exists = await duck.all("SELECT 1 FROM duckdb_tables() WHERE table_name = $1 AND temporary", [
      `rejected_${name}`,
    ]);
    const [rejected] =
      exists.length > 0
        ? await duck.all<{ n: bigint }>(`SELECT count(*) AS n FROM rejected_${name}`)
        : [{ n: 0n }];
    kept += Math.max(0, stage.rows - Number(rejected?.n ?? 0));
  }
  return kept;
}

/** Warnings known from the header alone, shown on a refused file too (the rest need the write). */
function headerWarnings(stages: Stage[]): IngestWarning[] {
  return stages
    .filter(
      (stage) =>
        (stage.spec.name === "professional_fees" || stage.spec.name === "facility_fees") &&
        stage.columnNames.paid_amount === undefined,
    )
    .map((stage) => ({
      code: "paid_amount_missing" as const,
      table: stage.label,
      column: "paid_amount",
      count: stage.rows,
      message: `${stage.label} has no paid_amount column: the revenue of its lines would count as 0`,
    }));
}

/** The rows set aside by skip_invalid, with their reasons, as one CSV in the user's column names. */
async function writeRejectedRows(duck: DuckDb, stages: Stage[], path: string) {
  const parts: string[] = [];
  for (const stage of stages) {
    if (!stage.allRows) continue;
    const sql = await rejectedRowsSql(duck, stage, stage.allRows);
    if (sql) parts.push(sql);
  }
  if (parts.length === 0) return { rows: 0, path: undefined };
  await duck.run(`CREATE OR REPLACE TEMP TABLE rejected_rows AS ${parts.join(" UNION ALL BY NAME ")}`);
  const [count] = await duck.all<{ n: bigint }>("SELECT count(*) AS n FROM rejected_rows");
  const target = `'${path.replaceAll("'", "''")}'`;
  await duck.run(
    `COPY (SELECT * FROM rejected_rows ORDER BY "table", "row") TO ${target} (FORMAT csv, HEADER)`,
  );
  return { rows: Number(count?.n ?? 0), path };
}

/**
 * A market case file that is valid and already clean (the usual extract) is checked and written
 * in one scan; undefined when the upload is not such a file, which then takes the validation pass
 * and the writing pass (the report, row numbers and all, comes from those).
 */
async function marketInOnePass(
  duck: DuckDb,
  job: IngestJob,
  stages: Stage[],
): Promise<Extract<IngestOutcome, { accepted: true }> | undefined> {
  if (job.target.kind !== "market" || job.target.marketKind === "DEMO" || job.dryRun) return undefined;
  const [stage] = stages;
  const [year] = job.years;
  if (stages.length !== 1 || !stage || year === undefined || stage.missingColumns.length > 0)
    return undefined;
  const path = join(job.workDir, `${stage.spec.name}-${year}.parquet`);
  const rows = await writeMarketCasesOnePass(duck, stage, job.target.marketKind, job.years, path);
  if (rows === undefined) return undefined;
  const outputs =
    rows > 0 ? [{ year, table: "market_cases", path, rows, checksum: await sha256File(path) }] : [];
  return {
    accepted: true,
    rows,
    years: outputs.map((item) => item.year),
    outputs,
    tables: { [stage.label]: rows },
    warnings: [],
  };
}

/** Parses, validates and (unless a dry run) normalises an upload into Parquet files in workDir. */
export async function runIngestJob(
  job: IngestJob,
  progress: ProgressListener = () => {},
): Promise<IngestOutcome> {
  const duck = await openDuckDb({ dataDir: job.dataDir, memoryLimit: job.limits.duckMemoryLimit });
  try {
    await loadCodeTables(duck);
    await setUploadYears(duck, job.years);
    let loaded: Awaited<ReturnType<typeof loadTables>>;
    try {
      progress("unpacking");
      const sources = await collectSources(job.files, job.workDir, job.limits);
      progress("loading");
      loaded = await loadTables(duck, sources, job.target);
    } catch (error) {
      if (error instanceof ContainerRefused || error instanceof UnreadableSource)
        return { accepted: false, report: { ...fileError("", error.message), tablesRead: [] } };
      throw error;
    }
    const { tablesRead } = loaded;
    if (loaded.errors.length > 0) {
      const { errors } = loaded;
      return { accepted: false, report: { errors, total: errors.length, tablesRead, fileLevel: true } };
    }
    progress("validating");
    let stages = loaded.stages;
    let checked = stages;
    let reports: ErrorReport[] = [];
    if (job.target.kind === "practice") {
      ({ stages, checked, reports } = await stagePractice(duck, stages, job.skipInvalid === true));
    } else {
      const onePass = await marketInOnePass(duck, job, stages);
      if (onePass?.accepted) return { ...onePass, tablesRead };
      for (const stage of stages) reports.push(await validateReadable(duck, stage));
    }
    const merged = mergeReports(reports);
    // Lines outside the ticked years: one error per year found, first (section 9).
    const yearErrors = outsideYearErrors(reports, job.years);
    const report: ErrorReport = {
      errors: [...yearErrors, ...merged.errors].slice(0, REPORT_LIMIT),
      total: merged.total + yearErrors.length,
      tablesRead,
      warnings: headerWarnings(stages),
      invalidRows: reports.reduce((sum, item) => sum + (item.invalidRows ?? 0), 0),
      fileLevel: reports.some((item) => item.fileLevel),
    };
    if (report.total > 0 && job.target.kind === "practice") report.keptRows = await keptLines(duck, stages);
    let skippedRows = 0;
    let rejectedRowsPath: string | undefined;
    if (report.total > 0) {
      // Without the uploader's request a file with errors is refused whole (section 1); with it,
      // only row errors can be set aside: a missing table or column still refuses the file.
      if (!job.skipInvalid || report.fileLevel || job.target.kind !== "practice")
        return { accepted: false, report };
      for (const stage of stages) if (!stage.allRows) await keepValidRows(duck, stage);
      const rejected = await writeRejectedRows(duck, checked, join(job.workDir, "rejected_rows.csv"));
      skippedRows = rejected.rows;
      rejectedRowsPath = rejected.path;
      // The tables now hold only the rows kept.
      for (const stage of stages) {
        const [kept] = await duck.all<{ n: bigint }>(`SELECT count(*) AS n FROM ${stage.view}`);
        stage.rows = Number(kept?.n ?? 0);
      }
    }

    const tables = Object.fromEntries(stages.map((stage) => [stage.label, stage.rows]));
    const total = stages.reduce((sum, stage) => sum + stage.rows, 0);
    const base = { tablesRead, skippedRows, rejectedRowsPath };
    if (job.dryRun) {
      const warnings = report.warnings ?? [];
      return { accepted: true, rows: total, years: job.years, outputs: [], tables, warnings, ...base };
    }

    progress("normalising");
    const outputs: IngestOutput[] = [];
    const output = async (year: number, table: string, path: string, rows: number) => {
      if (rows > 0) outputs.push({ year, table, path, rows, checksum: await sha256File(path) });
    };
    let warnings: IngestWarning[] = [];
    if (job.target.kind === "practice") {
      const pathOfYear = (year: number) => join(job.workDir, `practice_lines-${year}.parquet`);
      const written = await writePracticeLines(duck, stages, job.years, pathOfYear);
      warnings = written.warnings;
      for (const year of written.years)
        await output(year, "practice_lines", pathOfYear(year), written.rows[year] ?? 0);
    } else {
      const [year] = job.years as [number];
      const stage = stages[0]!;
      const path = join(job.workDir, `${stage.spec.name}-${year}.parquet`);
      const rows =
        job.target.marketKind === "DEMO"
          ? await writeDemographics(duck, stage, year, path)
          : await writeMarketCases(duck, stage, job.target.marketKind, path);
      await output(year, job.target.marketKind === "DEMO" ? "demographics" : "market_cases", path, rows);
    }
    return {
      accepted: true,
      rows: outputs.reduce((sum, item) => sum + item.rows, 0),
      years: outputs.map((item) => item.year),
      outputs,
      tables,
      warnings,
      ...base,
    };
  } finally {
    duck.close();
  }
}
