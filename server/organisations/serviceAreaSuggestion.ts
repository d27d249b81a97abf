/**
 * A service area proposed from the practice's own data (issue 10, item 7): the zips its patients
 * live in, ranked by the practice's surgical cases of the year, cut at cumulative shares.
 *
 * - Cases: the practice's surgical cases as the analyses count them (data-contract.md section 5,
 *   "Case": a claim with at least one surgical line, per table), placed at the patient zip of the
 *   claim's first surgical line (the same choice as organisation_tables.sql). A practice whose year
 *   has no surgical case (a therapy-only practice) is ranked by its distinct patients instead, each
 *   at the zip of its first line; `basis` says which.
 * - Zips: 5-digit patient zips only (a blank or malformed zip cannot be a service-area zip); their
 *   cases still count in no zip, so the shares are of the cases that have a zip.
 * - Order: cases descending, ties by zip code ascending, so the proposal is deterministic.
 * - Types: a zip is PSA while the cases of the zips before it are under `psa` of the total (so PSA is
 *   the fewest zips reaching 60%), SSA while under `ssa` (85%), TSA while under `tsa` (95%); the
 *   rest (the last 5%, a long tail of one-case zips) is left out.
 */
import { openDuckDb } from "../duckdb/open.ts";
import { bindParquet } from "../engine/bindInputs.ts";
import { practiceLineColumns } from "../engine/canonicalColumns.ts";
import { warehousePaths } from "../ingest/storage.ts";

export interface AreaShares {
  psa: number;
  ssa: number;
  tsa: number;
}

export const DEFAULT_SHARES: AreaShares = { psa: 0.6, ssa: 0.85, tsa: 0.95 };

export type SuggestedType = "PSA" | "SSA" | "TSA";

export interface ServiceAreaSuggestion {
  basis: "surgical_cases" | "patients";
  service_area: Array<{ zipcode: string; type: SuggestedType; cases: number }>;
  totals: { cases: number; psa_cases: number; ssa_cases: number; tsa_cases: number };
}

/** Cases per patient zip: surgical claims, or distinct patients when the year has no surgical claim. */
const ZIP_CASES_SQL = `
WITH surgical AS (
  SELECT arg_min(patient_zip, {'rank': category_rank, 'line': line}) AS zipcode
  FROM practice_lines WHERE is_surgical GROUP BY source, claim_id
), patients AS (
  SELECT arg_min(patient_zip, {'date': service_date, 'claim': claim_id, 'line': line}) AS zipcode
  FROM practice_lines WHERE patient_id IS NOT NULL GROUP BY patient_id
), chosen AS (
  SELECT 'surgical_cases' AS basis, zipcode FROM surgical
  UNION ALL
  SELECT 'patients' AS basis, zipcode FROM patients WHERE NOT EXISTS (SELECT 1 FROM surgical)
)
SELECT basis, trim(zipcode) AS zipcode, count(*)::BIGINT AS cases
FROM chosen
GROUP BY basis, trim(zipcode)
ORDER BY cases DESC, zipcode`;

interface ZipCases {
  basis: ServiceAreaSuggestion["basis"];
  zipcode: string | null;
  cases: number;
}

async function zipCases(dataDir: string, organisationId: string, year: number): Promise<ZipCases[]> {
  const file = warehousePaths.practiceLines(dataDir, organisationId, year);
  const duck = await openDuckDb({ dataDir, threads: 1 });
  try {
    await bindParquet(duck, "practice_lines", [file], practiceLineColumns);
    const rows = await duck.all<{ basis: ZipCases["basis"]; zipcode: string | null; cases: bigint | number }>(
      ZIP_CASES_SQL,
    );
    return rows.map((row) => ({ basis: row.basis, zipcode: row.zipcode, cases: Number(row.cases) }));
  } finally {
    duck.close();
  }
}

/** The ranked zips cut at the shares (pure: the rule the README describes, tested on its own). */
export function cutByShares(ranked: Array<{ zipcode: string; cases: number }>, shares: AreaShares) {
  const ordered = [...ranked].sort((a, b) => b.cases - a.cases || (a.zipcode < b.zipcode ? -1 : 1));
  const total = ordered.reduce((sum, zip) => sum + zip.cases, 0);
  // A hair below each threshold: 0.6 * 10 cases is 6, whatever floating point makes of it.
  const below = (share: number, before: number) => before < share * total - 1e-9;
  const area: ServiceAreaSuggestion["service_area"] = [];
  const totals = { cases: total, psa_cases: 0, ssa_cases: 0, tsa_cases: 0 };
  let before = 0;
  for (const zip of ordered) {
    const type: SuggestedType | undefined = below(shares.psa, before)
      ? "PSA"
      : below(shares.ssa, before)
        ? "SSA"
        : below(shares.tsa, before)
          ? "TSA"
          : undefined;
    if (!type) break;
    area.push({ zipcode: zip.zipcode, type, cases: zip.cases });
    totals[`${type.toLowerCase() as "psa" | "ssa" | "tsa"}_cases`] += zip.cases;
    before += zip.cases;
  }
  return { service_area: area, totals };
}

export async function suggestServiceArea(
  dataDir: string,
  organisationId: string,
  year: number,
  shares: AreaShares = DEFAULT_SHARES,
): Promise<ServiceAreaSuggestion> {
  const rows = await zipCases(dataDir, organisationId, year);
  const basis = rows[0]?.basis ?? "surgical_cases";
  const ranked = rows.filter((row): row is ZipCases & { zipcode: string } =>
    /^\d{5}$/.test(row.zipcode ?? ""),
  );
  return { basis, ...cutByShares(ranked, shares) };
}
