import { createReadStream } from "node:fs";
import { join } from "node:path";
import { type DuckDb, openDuckDb } from "../duckdb/open.ts";
import { loadCodeTables } from "../reference/codes/load.ts";
import type { MarketKind } from "./contract.ts";
import { loadTables } from "./identify.ts";
import type { IngestLimits } from "./limits.ts";
import { writeDemographics, writeMarketCases } from "./normalise/market.ts";
import { writeMarketCasesOnePass } from "./normalise/marketOnePass.ts";
import { writePracticeLines } from "./normalise/practice.ts";
import { type ErrorReport, mergeReports, singleError } from "./report.ts";
import { collectSources, type UploadedFile } from "./sources/collect.ts";
import { ContainerRefused } from "./sources/zipEntries.ts";
import { numberedRows, type Stage, UnreadableSource } from "./stage.ts";
import { stageTuva } from "./tuva.ts";
import { setUploadYears, validateStage } from "./validate.ts";

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
  | { accepted: true; rows: number; years: number[]; outputs: IngestOutput[]; tables: Record<string, number> }
  | { accepted: false; report: ErrorReport };

/** DuckDB errors that mean the file itself is malformed (not a fault of our SQL). */
const isUnreadableFile = (error: unknown) =>
  error instanceof UnreadableSource ||
  /^(Invalid Input Error|Conversion Error|IO Error|Invalid Error)/.test((error as Error)?.message ?? "") ||
  /CSV|parquet/i.test((error as Error)?.message ?? "");

export async function sha256File(path: string) {
  const hasher = new Bun.CryptoHasher("sha256");
  for await (const chunk of createReadStream(path)) hasher.update(chunk as Buffer);
  return hasher.digest("hex");
}

async function stageAll(
  duck: Awaited<ReturnType<typeof openDuckDb>>,
  job: IngestJob,
  progress: ProgressListener,
) {
  progress("unpacking");
  const sources = await collectSources(job.files, job.workDir, job.limits);
  progress("loading");
  const { stages, errors } = await loadTables(duck, sources, job.target);
  if (errors.length > 0) return { stages: [], report: { errors, total: errors.length } };
  if (job.target.kind === "market") return { stages, report: undefined };

  const claim = stages.find((stage) => stage.spec.name === "medical_claim");
  if (claim) {
    // Tuva input: its own two tables are checked for shape first, then mapped and checked as practice tables.
    const tuvaReports = [];
    for (const stage of stages) tuvaReports.push(await validateStage(duck, stage));
    const tuvaReport = mergeReports(tuvaReports);
    if (tuvaReport.total > 0) return { stages: [], report: tuvaReport };
    const hasEligibility = stages.some((stage) => stage.spec.name === "eligibility");
    return {
      stages: await stageTuva(duck, await numberedRows(duck, claim), hasEligibility),
      report: undefined,
    };
  }
  if (stages.some((stage) => stage.spec.name === "eligibility")) {
    return {
      stages,
      report: singleError({
        table: "medical_claim",
        row: 0,
        column: "",
        reason: "eligibility was given without medical_claim",
      }),
    };
  }
  if (
    !stages.some((stage) => stage.spec.name === "professional_fees" || stage.spec.name === "facility_fees")
  ) {
    const reason = "the file has neither a professional_fees nor a facility_fees table";
    return { stages, report: singleError({ table: "professional_fees", row: 0, column: "", reason }) };
  }
  return { stages, report: undefined };
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
): Promise<IngestOutcome | undefined> {
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
    let staged: Awaited<ReturnType<typeof stageAll>>;
    try {
      staged = await stageAll(duck, job, progress);
    } catch (error) {
      if (error instanceof ContainerRefused || error instanceof UnreadableSource) {
        return {
          accepted: false,
          report: singleError({ table: "", row: 0, column: "", reason: error.message }),
        };
      }
      throw error;
    }
    if (staged.report) return { accepted: false, report: staged.report };
    const { stages } = staged;
    progress("validating");
    const onePass = await marketInOnePass(duck, job, stages);
    if (onePass) return onePass;
    const reports = [];
    for (const stage of stages) {
      try {
        reports.push(await validateStage(duck, stage));
      } catch (error) {
        // Views read the file lazily: a malformed file surfaces here, as DuckDB's reader error.
        if (!isUnreadableFile(error)) throw error;
        const reason = `${stage.label} cannot be read: ${(error as Error).message.split("\n")[0]}`;
        reports.push(singleError({ table: stage.label, row: 0, column: "", reason }));
      }
    }
    const report = mergeReports(reports);
    if (report.total > 0) return { accepted: false, report };

    const tables = Object.fromEntries(stages.map((stage) => [stage.label, stage.rows]));
    const total = stages.reduce((sum, stage) => sum + stage.rows, 0);
    if (job.dryRun) return { accepted: true, rows: total, years: job.years, outputs: [], tables };

    progress("normalising");
    const outputs: IngestOutput[] = [];
    const output = async (year: number, table: string, path: string, rows: number) => {
      if (rows > 0) outputs.push({ year, table, path, rows, checksum: await sha256File(path) });
    };
    if (job.target.kind === "practice") {
      const pathOfYear = (year: number) => join(job.workDir, `practice_lines-${year}.parquet`);
      const rowsByYear = await writePracticeLines(duck, stages, job.years, pathOfYear);
      for (const year of job.years)
        await output(year, "practice_lines", pathOfYear(year), rowsByYear[year] ?? 0);
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
    };
  } finally {
    duck.close();
  }
}
