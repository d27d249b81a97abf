import { marketFiles } from "../engine/organisationInputs.ts";

export type MissingData = "practice data" | "market data";

/** The practice or market data a year lacks, from its row (none: both there). */
export function missingDataOf(
  dataDir: string,
  year: number,
  row: { fileState: string; rows: number } | undefined,
): MissingData[] {
  const missing: MissingData[] = [];
  if (row?.fileState !== "uploaded" || row.rows <= 0) missing.push("practice data");
  if (marketFiles(dataDir, year).length === 0) missing.push("market data");
  return missing;
}

/** "no practice data and no market data for 2022" */
export const missingWords = (missing: MissingData[], year: number) =>
  `no ${missing.join(" and no ")} for ${year}`;
