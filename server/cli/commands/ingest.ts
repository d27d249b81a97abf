import { statSync } from "node:fs";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { rejectedRowsUrl } from "../../ingest/versions.ts";
import { dataYearMessage, isDataYear } from "../../organisations/yearField.ts";
import type { Command } from "../main.ts";

const usage = [
  "vitality ingest practice --org SLUG [--year Y[,Y2]] [--skip-invalid] [--confirm] [--dry-run] FILE...",
  "vitality ingest market --kind IP|OP|DEMO --year Y [--dry-run] FILE...",
].join("\n             ");

const yearsOption = z
  .string({ message: "--year is required for a market file" })
  .regex(/^\d{4}(,\d{4})*$/, "--year must be a 4-digit year (or a comma-separated list for practice files)")
  .transform((value) => value.split(",").map(Number))
  // As the upload routes: a year outside the data years would make a year nobody can use.
  .refine((years) => years.every((year) => isDataYear(year)), {
    error: () => `--year: each year ${dataYearMessage()}`,
  });
const kindOption = z.enum(["IP", "OP", "DEMO"], { message: "--kind must be IP, OP or DEMO" });

/** Files of more than this show a progress bar (phases of the child process, with elapsed time). */
const PROGRESS_BAR_BYTES = 5 * 1024 * 1024;

type Warning = { message: string; year?: number };

function printWarnings(warnings: Warning[] | undefined) {
  for (const warning of warnings ?? [])
    console.error(`  warning${warning.year ? ` (${warning.year})` : ""}: ${warning.message}`);
}

function printTablesRead(tablesRead: { file: string; table: string }[] | undefined) {
  for (const item of tablesRead ?? []) console.error(`  ${item.file} read as ${item.table}`);
}

function printReport(
  dryRun: boolean,
  report: {
    errors: { table: string; row: number; column: string; reason: string }[];
    total: number;
    warnings?: Warning[];
    tablesRead?: { file: string; table: string }[];
    invalidRows?: number;
    fileLevel?: boolean;
    keptRows?: number;
  },
) {
  printTablesRead(report.tablesRead);
  for (const error of report.errors) {
    const where = [error.table, error.row > 0 ? `row ${error.row}` : "header", error.column]
      .filter(Boolean)
      .join(" ");
    console.error(`  ${where}: ${error.reason}`);
  }
  const more = report.total - report.errors.length;
  printWarnings(report.warnings);
  console.error(
    `${report.total} error${report.total === 1 ? "" : "s"}${more > 0 ? ` (${more} not listed)` : ""}: the file ${dryRun ? "would be" : "was"} refused.`,
  );
  if (!report.fileLevel && (report.invalidRows ?? 0) > 0 && (report.keptRows ?? 1) > 0)
    console.error(
      `--skip-invalid loads the valid rows and sets the ${report.invalidRows} invalid one${report.invalidRows === 1 ? "" : "s"} aside.`,
    );
}

async function progressFor(files: string[]) {
  const { ingestPhases } = await import("../../ingest/pipeline.ts");
  const bytes = files.reduce((sum, file) => sum + statSync(file).size, 0);
  if (bytes < PROGRESS_BAR_BYTES || !process.stderr.isTTY) return { onProgress: undefined, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    { format: "{bar} {percentage}% | {phase} | {duration_formatted}", stream: process.stderr, fps: 4 },
    cliProgress.Presets.shades_classic,
  );
  bar.start(100, 0, { phase: "storing" });
  return {
    onProgress: (phase: keyof typeof ingestPhases) =>
      bar.update(Math.round(ingestPhases[phase] * 100), { phase }),
    stop: () => {
      bar.update(100, { phase: "done" });
      bar.stop();
    },
  };
}

export const command: Command = {
  summary: "validate and load a practice or market data file (data-contract.md)",
  usage,
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        org: { type: "string" },
        year: { type: "string" },
        kind: { type: "string" },
        "dry-run": { type: "boolean", default: false },
        "skip-invalid": { type: "boolean", default: false },
        confirm: { type: "boolean", default: false },
      },
    });
    const [what, ...files] = positionals;
    if ((what !== "practice" && what !== "market") || files.length === 0) {
      console.error(`Usage: ${usage}`);
      return 2;
    }
    const kind = what === "market" ? kindOption.parse(values.kind) : undefined;
    // A practice extract without --year is split by service year (data-contract.md section 9).
    const years = kind || values.year !== undefined ? yearsOption.parse(values.year) : [];
    if (kind && years.length !== 1) throw new Error("--year: a market file is of one year");
    if (what === "practice" && !values["dry-run"] && !values.org) throw new Error("--org is required");
    const uploads = files.map((path) => ({ path, originalName: basename(path) }));
    const progress = await progressFor(files);
    const target = kind ? ({ kind: "market", marketKind: kind } as const) : ({ kind: "practice" } as const);

    const { dryRunIngest, ingestMarketUpload, ingestPracticeUpload } = await import("../../ingest/ingest.ts");
    const skipInvalid = values["skip-invalid"];
    let result: Awaited<ReturnType<typeof dryRunIngest>> | Awaited<ReturnType<typeof ingestPracticeUpload>>;
    if (values["dry-run"]) {
      result = await dryRunIngest(
        { target, years, files: uploads, skipInvalid },
        { onProgress: progress.onProgress },
      );
    } else {
      const { loadConfig } = await import("../../config.ts");
      const { createContext } = await import("../../bootstrap/context.ts");
      const { organisations } = await import("../../db/schema/index.ts");
      const context = await createContext(loadConfig());
      try {
        if (kind) {
          result = await ingestMarketUpload(
            context,
            { kind, year: years[0]!, files: uploads },
            { onProgress: progress.onProgress },
          );
        } else {
          const [organisation] = await context.database.db
            .select({ id: organisations.id })
            .from(organisations)
            .where(eq(organisations.slug, values.org!));
          if (!organisation) throw new Error(`--org: no organisation with slug '${values.org}'`);
          result = await ingestPracticeUpload(
            context,
            { organisationId: organisation.id, years, files: uploads, skipInvalid, confirm: values.confirm },
            { onProgress: progress.onProgress },
          );
        }
      } finally {
        await context.database.close();
      }
    }
    progress.stop();
    if (result.status === "rejected") {
      printReport(values["dry-run"] === true, result.report);
      return 1;
    }
    if (result.status === "needs_confirmation") {
      console.error(`${result.message.replace("with confirm", "with --confirm")}`);
      return 1;
    }
    // The CLI never asks for a preview (its --dry-run reads the whole file instead).
    if (result.status === "preview") return 1;
    printTablesRead(result.tablesRead);
    printWarnings(result.warnings);
    const verb = values["dry-run"] ? "would be accepted" : "accepted";
    console.log(
      `${result.rows} rows ${verb}${result.years.length > 0 ? ` for ${result.years.join(", ")}` : ""}.`,
    );
    if (result.skippedRows)
      console.log(
        `${result.skippedRows} invalid row${result.skippedRows === 1 ? "" : "s"} set aside${"rejectedRowsUpload" in result && result.rejectedRowsUpload ? ` (listed with their reasons at ${rejectedRowsUrl(result.rejectedRowsUpload)})` : ""}.`,
      );
    return 0;
  },
};
