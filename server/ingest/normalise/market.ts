import type { DuckDb } from "../../duckdb/open.ts";
import { derivationJoins, prepareCategoryLookups, settingSql } from "../../reference/codes/derive.ts";
import type { MarketKind } from "../contract.ts";
import type { Stage } from "../stage.ts";
import { distinctValuesSql } from "../validate.ts";
import { billType3, copyToParquet, drg3, money, wholeNumber, zip5 } from "./common.ts";

/**
 * Writes market_cases for kind IP or OP. A row with bill type or DRG is read as an institutional
 * claim, any other as professional, for the setting rules; a setting given in the file wins.
 */
export async function writeMarketCases(duck: DuckDb, stage: Stage, kind: MarketKind, path: string) {
  await duck.run(`
    CREATE OR REPLACE TEMP VIEW market_input AS
    SELECT CAST(year AS INTEGER) AS year, claim_id, ${zip5("patient_zip")} AS patient_zip, upper(setting) AS given_setting,
           place_of_service, ${billType3("bill_type")} AS bill_type, NULL::VARCHAR AS revenue_code, ${drg3("drg")} AS drg,
           upper(cpt) AS cpt, facility_npi, facility_name, ${zip5("facility_zip")} AS facility_zip,
           rendering_npi, rendering_name, referring_npi, referring_name, ${wholeNumber("cases", 1)} AS cases,
           ${money("charge_amount")} AS charge_amount, ${money("paid_amount")} AS paid_amount,
           coalesce(lower(payer_class), 'other') AS payer_class,
           CASE WHEN bill_type IS NOT NULL OR drg IS NOT NULL THEN 'institutional' ELSE 'professional' END AS line_kind
    FROM ${stage.view}`);
  // The validation pass already counted each distinct code: the lookups are built from those.
  await prepareCategoryLookups(
    duck,
    `SELECT upper(value) AS value FROM (${distinctValuesSql(stage, "cpt")})`,
    `SELECT ${drg3("value")} AS value FROM (${distinctValuesSql(stage, "drg")})`,
  );
  await copyToParquet(
    duck,
    `SELECT m.year, '${kind === "IP" ? "IP" : "OP"}' AS kind, m.claim_id, m.patient_zip,
            coalesce(m.given_setting, ${settingSql("m")}) AS setting, m.place_of_service, m.bill_type, m.drg, m.cpt,
            m.facility_npi, m.facility_name, m.facility_zip, m.rendering_npi, m.rendering_name,
            m.referring_npi, m.referring_name, m.cases, m.charge_amount, m.paid_amount, m.payer_class,
            service_line.category, service_line.service_line, coalesce(service_line.is_surgical, false) AS is_surgical
     FROM market_input AS m ${derivationJoins("m")}`,
    path,
  );
  return stage.rows;
}

export async function writeDemographics(duck: DuckDb, stage: Stage, year: number, path: string) {
  await copyToParquet(
    duck,
    `SELECT CAST(${Number(year)} AS INTEGER) AS year, ${zip5("zip")} AS zip,
            ${wholeNumber("population", 0)} AS population, ${wholeNumber("population_65_plus", 0)} AS population_65_plus,
            CAST(CAST(projected_population_5y AS DOUBLE) AS INTEGER) AS projected_population_5y
     FROM ${stage.view} ORDER BY zip`,
    path,
  );
  return stage.rows;
}
