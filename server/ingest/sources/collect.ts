import { mkdirSync } from "node:fs";
import { join, parse } from "node:path";
import type { IngestLimits } from "../limits.ts";
import { type Container, detectContainer } from "./detect.ts";
import { ContainerRefused, inflateZip } from "./zipEntries.ts";

export interface UploadedFile {
  path: string;
  /** The name the user gave: used to name the table of a bare CSV/Parquet, never to name storage. */
  originalName: string;
}

/** One tabular input: a CSV or Parquet file and the table name its file, entry or sheet suggests. */
export interface TabularSource {
  hint: string;
  path: string;
  format: "csv" | "parquet";
  /** Where it came from, for reports: "facility_fees.csv in upload.zip". */
  origin: string;
}

/** The parts of a workbook that list its sheets: names and relationship ids, then the sheet files. */
const sheetListParts = ["xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/sharedStrings.xml"] as const;

const tableHint = (name: string) => parse(name).name.trim().toLowerCase();

/** Unpacks every uploaded container into CSV/Parquet sources under workDir. */
export async function collectSources(files: UploadedFile[], workDir: string, limits: IngestLimits) {
  const sources: TabularSource[] = [];
  for (const [index, file] of files.entries()) {
    const container: Container = detectContainer(file.path);
    if (container === "csv" || container === "parquet") {
      sources.push({
        hint: tableHint(file.originalName),
        path: file.path,
        format: container,
        origin: file.originalName,
      });
      continue;
    }
    const outDir = join(workDir, `container-${index + 1}`);
    mkdirSync(outDir, { recursive: true });
    if (container === "xlsx") {
      // exceljs inflates on its own: the same caps are proven on a counting pass first, which
      // also keeps the two small parts that name the sheets and the shared strings (to check that
      // exceljs read them all).
      const parts = await inflateZip(file.path, limits, outDir, (name) =>
        (sheetListParts as readonly string[]).includes(name),
      );
      // exceljs is heavy to load: only workbooks pay for it.
      const { readSheetList, xlsxToCsv } = await import("./xlsxSheets.ts");
      const partPath = (name: string) => parts.find((entry) => entry.fullName === name)?.path;
      const [workbook, relationships, sharedStrings] = sheetListParts.map(partPath);
      const sheetList = {
        ...readSheetList(workbook, relationships, sharedStrings),
        styles: parts.some((entry) => entry.fullName === "xl/styles.xml"),
      };
      for (const sheet of await xlsxToCsv(file.path, outDir, sheetList)) {
        sources.push({
          hint: sheet.name.trim().toLowerCase(),
          path: sheet.path,
          format: "csv",
          origin: `sheet ${sheet.name} of ${file.originalName}`,
        });
      }
      continue;
    }
    for (const entry of await inflateZip(file.path, limits, outDir)) {
      if (!entry.path || entry.name.startsWith(".") || entry.name === "") continue;
      const extension = parse(entry.name).ext.toLowerCase();
      if (extension !== ".csv" && extension !== ".parquet") {
        throw new ContainerRefused(
          `${entry.name} in ${file.originalName}: only .csv and .parquet entries are read`,
        );
      }
      sources.push({
        hint: tableHint(entry.name),
        path: entry.path,
        format: detectContainer(entry.path) === "parquet" ? "parquet" : "csv",
        origin: `${entry.name} in ${file.originalName}`,
      });
    }
  }
  return sources;
}
