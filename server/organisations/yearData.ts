/**
 * Whether a year has the data its review reads: the organisation's practice data of that year (an
 * accepted file with rows) and the market data of that year (the advisory board's IP or OP files).
 * A validation over no data would pass on nothing, and a year enabled without data would show empty
 * analyses (issue 19): both are refused, naming what is missing.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { organisationYears } from "../db/schema/index.ts";
import { marketFiles } from "../engine/organisationInputs.ts";

export type MissingData = "practice data" | "market data";

export async function missingYearData(
  db: Db,
  dataDir: string,
  organisationId: string,
  year: number,
): Promise<MissingData[]> {
  const [row] = await db
    .select({ fileState: organisationYears.fileState, rows: organisationYears.rows })
    .from(organisationYears)
    .where(and(eq(organisationYears.organisationId, organisationId), eq(organisationYears.year, year)));
  return missingDataOf(dataDir, year, row);
}

/** The same, for a caller that holds the year's row already (the year detail). */
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
