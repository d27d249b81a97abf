import { type DuckDb, quoteLiteral } from "../../duckdb/open.ts";
import { derivationJoins, derivedColumns, prepareDerivations } from "../../reference/codes/derive.ts";
import type { IngestWarning } from "../report.ts";
import type { Stage } from "../stage.ts";
import { userColumn } from "../validate.ts";
import { billType3, copyToParquet, drg3, money, unitsOf, zip5 } from "./common.ts";

/** Both practice tables in one relation of typed, normalised lines (before derivation). */
async function createPracticeInput(duck: DuckDb, stages: Stage[]) {
  const parts: string[] = [];
  const professional = stages.find((stage) => stage.spec.name === "professional_fees");
  const facility = stages.find((stage) => stage.spec.name === "facility_fees");
  const common = (stage: Stage) => `claim_id, CAST(CAST(line AS DOUBLE) AS INTEGER) AS line,
      CAST(service_date AS DATE) AS service_date, patient_id, ${zip5("patient_zip")} AS patient_zip,
      upper(cpt) AS cpt, ${unitsOf("units")} AS units, ${money("charge_amount")} AS charge_amount,
      coalesce(${money("paid_amount")}, 0) AS paid_amount, payer,
      ${quoteLiteral(stage.label)} AS _table, coalesce(TRY_CAST(units AS DOUBLE) = 0, false) AS _units_zero,
      ${stage.columnNames.paid_amount === undefined} AS _paid_missing FROM ${stage.view}`;
  if (professional) {
    parts.push(`SELECT 'professional' AS source, 'professional' AS line_kind, rendering_npi, referring_npi,
      facility_npi, location, place_of_service, NULL::VARCHAR AS bill_type, NULL::VARCHAR AS revenue_code,
      NULL::VARCHAR AS drg, modifier, ${common(professional)}`);
  }
  if (facility) {
    // On a UB-04 line the operating physician is the surgeon: it fills rendering_npi.
    parts.push(`SELECT 'facility' AS source, 'institutional' AS line_kind, operating_npi AS rendering_npi,
      NULL::VARCHAR AS referring_npi, facility_npi, NULL::VARCHAR AS location, NULL::VARCHAR AS place_of_service,
      ${billType3("bill_type")} AS bill_type, revenue_code, ${drg3("drg")} AS drg, NULL::VARCHAR AS modifier,
      ${common(facility)}`);
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
 * is_case_primary, so counting cases is counting those lines. Payer class (section 9): the line's
 * payer through the classification, else the patient's eligibility coverage on the service date
 * (Tuva), else other. `years` empty: every service year of the file (a whole extract).
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
    CREATE TEMP TABLE IF NOT EXISTS eligibility_coverage (person VARCHAR, start_date DATE, end_date DATE, payer_class VARCHAR);
    CREATE OR REPLACE TEMP TABLE coverage_of_visit AS
    SELECT v.patient_id, v.service_date, arg_max(c.payer_class, coalesce(c.start_date, DATE '1900-01-01')) AS payer_class
    FROM (SELECT DISTINCT patient_id, service_date FROM practice_input) AS v
    JOIN eligibility_coverage AS c ON c.person = v.patient_id
      AND (c.start_date IS NULL OR c.start_date <= v.service_date)
      AND (c.end_date IS NULL OR c.end_date >= v.service_date)
    GROUP BY v.patient_id, v.service_date;

    CREATE OR REPLACE TEMP TABLE practice_derived AS
    SELECT p.* EXCLUDE (line_kind), ${derivedColumns("p")},
           coalesce(payer_class.payer_class, coverage.payer_class, 'other') AS payer_class,
           payer_class.payer_class IS NOT NULL AS _payer_classified
    FROM practice_input AS p ${derivationJoins("p")}
    LEFT JOIN payer_class_of_payer AS payer_class ON payer_class.payer_key = lower(p.payer)
    LEFT JOIN coverage_of_visit AS coverage
      ON coverage.patient_id = p.patient_id AND coverage.service_date = p.service_date;

    CREATE OR REPLACE TEMP TABLE practice_cases AS
    SELECT source, claim_id,
           arg_min(category, CAST(category_rank AS BIGINT) * 1000000000 + line) AS case_category,
           arg_min(line, CAST(category_rank AS BIGINT) * 1000000000 + line) AS case_line
    FROM practice_derived WHERE is_surgical GROUP BY source, claim_id;
  `);
  const written =
    years.length > 0
      ? years
      : (
          await duck.all<{ year: number }>(
            "SELECT DISTINCT CAST(year(service_date) AS INTEGER) AS year FROM practice_derived ORDER BY 1",
          )
        ).map((row) => Number(row.year));
  const rows: Record<number, number> = {};
  for (const year of written) {
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
  return { rows, years: written, warnings: await practiceWarnings(duck, stages) };
}

const lines = (n: number) => `${n.toLocaleString("en-US")} line${n === 1 ? "" : "s"}`;
/** "have" after a count of lines, "has" after one. */
const have = (n: number) => (n === 1 ? "has" : "have");

/** The warnings of section 9, per year and table, each with its count (practice_derived must exist). */
async function practiceWarnings(duck: DuckDb, stages: Stage[]): Promise<IngestWarning[]> {
  const counts = await duck.all<{
    year: number;
    table: string;
    units_zero: bigint;
    paid_missing: bigint;
    no_setting: bigint;
    no_category: bigint;
    unclassified: bigint;
    unclassified_payers: string[] | null;
  }>(`
    SELECT CAST(year(service_date) AS INTEGER) AS year, _table AS "table",
           count(*) FILTER (WHERE _units_zero) AS units_zero,
           count(*) FILTER (WHERE _paid_missing) AS paid_missing,
           count(*) FILTER (WHERE setting IS NULL) AS no_setting,
           count(*) FILTER (WHERE category IS NULL) AS no_category,
           count(*) FILTER (WHERE payer IS NOT NULL AND NOT _payer_classified) AS unclassified,
           list(DISTINCT payer ORDER BY payer) FILTER (WHERE payer IS NOT NULL AND NOT _payer_classified) AS unclassified_payers
    FROM practice_derived GROUP BY ALL ORDER BY 1, 2`);
  const warnings: IngestWarning[] = [];
  for (const row of counts) {
    const stage = stages.find((item) => item.label === row.table);
    const name = (column: string) => (stage ? userColumn(stage, column) : column);
    const table = row.table;
    const year = Number(row.year);
    const add = (code: IngestWarning["code"], column: string, n: bigint, message: (n: number) => string) => {
      if (Number(n) > 0)
        warnings.push({ code, table, column, count: Number(n), year, message: message(Number(n)) });
    };
    add(
      "paid_amount_missing",
      "paid_amount",
      row.paid_missing,
      (n) => `${table} has no paid_amount column: the revenue of its ${lines(n)} in ${year} counts as 0`,
    );
    add(
      "units_zero",
      name("units"),
      row.units_zero,
      (n) => `${lines(n)} of ${table} read with ${name("units")} 0: each counted as 1`,
    );
    const settingColumn =
      table.includes("institutional") || table === "facility_fees" ? "bill_type" : "place_of_service";
    add(
      "no_setting",
      name(settingColumn),
      row.no_setting,
      (n) =>
        `${lines(n)} of ${table} ${have(n)} no setting (${name(settingColumn)} matches no rule): left out of site-of-care figures`,
    );
    add(
      "no_category",
      name("cpt"),
      row.no_category,
      (n) =>
        `${lines(n)} of ${table} ${have(n)} no category (${name("cpt")} outside the musculoskeletal and office codes of the category table, such as 36415 or 66984): counted in revenue as Other, never as surgical cases`,
    );
    const payers = (row.unclassified_payers ?? []).slice(0, 5);
    add(
      "payer_unclassified",
      name("payer"),
      row.unclassified,
      (n) =>
        `${lines(n)} of ${table} ${have(n)} a payer missing from the payer classification (${payers.join(", ")}${(row.unclassified_payers ?? []).length > payers.length ? ", ..." : ""}): their class comes from eligibility when it covers the patient, else other`,
    );
  }
  return warnings;
}
