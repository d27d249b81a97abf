import type { DuckDb } from "../../duckdb/open.ts";
import { derivationJoins, derivedColumns, prepareDerivations } from "../../reference/codes/derive.ts";
import type { Stage } from "../stage.ts";
import { billType3, copyToParquet, drg3, money, wholeNumber, zip5 } from "./common.ts";

/** Both practice tables in one relation of typed, normalised lines (before derivation). */
async function createPracticeInput(duck: DuckDb, stages: Stage[]) {
  const parts: string[] = [];
  const professional = stages.find((stage) => stage.spec.name === "professional_fees");
  const facility = stages.find((stage) => stage.spec.name === "facility_fees");
  const common = (view: string) => `claim_id, CAST(CAST(line AS DOUBLE) AS INTEGER) AS line,
      CAST(service_date AS DATE) AS service_date, patient_id, ${zip5("patient_zip")} AS patient_zip,
      upper(cpt) AS cpt, ${wholeNumber("units", 1)} AS units, ${money("charge_amount")} AS charge_amount,
      coalesce(${money("paid_amount")}, 0) AS paid_amount, payer FROM ${view}`;
  if (professional) {
    parts.push(`SELECT 'professional' AS source, 'professional' AS line_kind, rendering_npi, referring_npi,
      facility_npi, location, place_of_service, NULL::VARCHAR AS bill_type, NULL::VARCHAR AS revenue_code,
      NULL::VARCHAR AS drg, modifier, ${common(professional.view)}`);
  }
  if (facility) {
    // On a UB-04 line the operating physician is the surgeon: it fills rendering_npi.
    parts.push(`SELECT 'facility' AS source, 'institutional' AS line_kind, operating_npi AS rendering_npi,
      NULL::VARCHAR AS referring_npi, facility_npi, NULL::VARCHAR AS location, NULL::VARCHAR AS place_of_service,
      ${billType3("bill_type")} AS bill_type, revenue_code, ${drg3("drg")} AS drg, NULL::VARCHAR AS modifier,
      ${common(facility.view)}`);
  }
  await duck.run(`CREATE OR REPLACE TEMP TABLE practice_input AS ${parts.join(" UNION ALL BY NAME ")}`);

  const payers = stages.find((stage) => stage.spec.name === "payor_classification");
  await duck.run(
    payers
      ? `CREATE OR REPLACE TEMP TABLE payer_class_of_payer AS
         SELECT lower(payer) AS payer_key, any_value(lower(payer_class)) AS payer_class FROM ${payers.view} GROUP BY 1`
      : "CREATE OR REPLACE TEMP TABLE payer_class_of_payer (payer_key VARCHAR, payer_class VARCHAR)",
  );
}

/**
 * Derives and writes practice_lines. The surgical case rule of section 5: a claim (per source,
 * since a CMS-1500 and a UB-04 claim are different claims) with a surgical line is one case whose
 * category is that of its surgical line earliest in the category table; that line carries
 * is_case_primary, so counting cases is counting those lines.
 */
export async function writePracticeLines(
  duck: DuckDb,
  stages: Stage[],
  years: number[],
  pathOfYear: (year: number) => string,
) {
  await createPracticeInput(duck, stages);
  await prepareDerivations(duck, "practice_input");
  await duck.run(`
    CREATE OR REPLACE TEMP TABLE practice_derived AS
    SELECT p.* EXCLUDE (line_kind), ${derivedColumns("p")}, coalesce(payer_class.payer_class, 'other') AS payer_class
    FROM practice_input AS p ${derivationJoins("p")}
    LEFT JOIN payer_class_of_payer AS payer_class ON payer_class.payer_key = lower(p.payer);

    CREATE OR REPLACE TEMP TABLE practice_cases AS
    SELECT source, claim_id,
           arg_min(category, CAST(category_rank AS BIGINT) * 1000000000 + line) AS case_category,
           arg_min(line, CAST(category_rank AS BIGINT) * 1000000000 + line) AS case_line
    FROM practice_derived WHERE is_surgical GROUP BY source, claim_id;
  `);
  const rows: Record<number, number> = {};
  for (const year of years) {
    await copyToParquet(
      duck,
      `SELECT CAST(${Number(year)} AS INTEGER) AS year, d.source, d.claim_id, d.line, d.service_date, d.patient_id,
              d.patient_zip, d.rendering_npi, d.referring_npi, d.facility_npi, d.location, d.place_of_service,
              d.bill_type, d.revenue_code, d.drg, d.cpt, d.modifier, d.units, d.charge_amount, d.paid_amount,
              d.payer, d.payer_class, d.setting, d.category, d.category_rank, d.service_line, d.is_surgical,
              c.case_category, case_line.service_line AS case_service_line,
              coalesce(d.line = c.case_line, false) AS is_case_primary
       FROM practice_derived AS d
       LEFT JOIN practice_cases AS c ON c.source = d.source AND c.claim_id = d.claim_id
       LEFT JOIN ref_service_line AS case_line ON case_line.category = c.case_category
       WHERE year(d.service_date) = ${Number(year)}
       ORDER BY d.service_date, d.source, d.claim_id, d.line`,
      pathOfYear(year),
    );
    const [count] = await duck.all<{ n: bigint }>(
      `SELECT count(*) AS n FROM practice_derived WHERE year(service_date) = ${Number(year)}`,
    );
    rows[year] = Number(count?.n ?? 0);
  }
  return rows;
}
