/**
 * The service-area check (the 'reload service area' event of the year detail): a zip is available
 * when it is a real zip code (it has a centroid in the reference geography, server/geo) AND the
 * year's market data has at least one case of a patient living there (market_cases.patient_zip, IP
 * and OP). A zip failing either would draw nothing on the maps and count nothing in the analyses.
 */
import { LIST, listValue, VARCHAR } from "@duckdb/node-api";
import { openDuckDb } from "../duckdb/open.ts";
import { bindParquet } from "../engine/bindInputs.ts";
import { marketCaseColumns } from "../engine/canonicalColumns.ts";
import { marketFiles } from "../engine/organisationInputs.ts";
import { zipCentroid } from "../geo/zipCentroids.ts";
import { HttpError } from "../http/errors.ts";

export interface ZipAvailability {
  zipcode: string;
  known: boolean;
  in_market: boolean;
  available: boolean;
}

/** The zips among `zips` that patients of the year's market data live in. */
async function marketPatientZips(dataDir: string, files: string[], zips: string[]): Promise<Set<string>> {
  const duck = await openDuckDb({ dataDir, threads: 1 });
  try {
    await bindParquet(duck, "market_cases", files, marketCaseColumns);
    const reader = await duck.connection.runAndReadAll(
      "SELECT DISTINCT patient_zip FROM market_cases WHERE list_contains($zips, patient_zip)",
      { zips: listValue(zips) },
      { zips: LIST(VARCHAR) },
    );
    return new Set(reader.getRowObjectsJS().map((row) => String(row.patient_zip)));
  } finally {
    duck.close();
  }
}

export async function checkZips(dataDir: string, year: number, zips: string[]): Promise<ZipAvailability[]> {
  const files = marketFiles(dataDir, year);
  if (files.length === 0) {
    throw new HttpError(
      400,
      `There is no market data for ${year}: upload the advisory board files (Market Scenario OP or IP) for ${year} before checking the service area.`,
    );
  }
  const inMarket = zips.length > 0 ? await marketPatientZips(dataDir, files, zips) : new Set<string>();
  return zips.map((zipcode) => {
    const known = zipCentroid(zipcode) !== undefined;
    const market = inMarket.has(zipcode);
    return { zipcode, known, in_market: market, available: known && market };
  });
}
