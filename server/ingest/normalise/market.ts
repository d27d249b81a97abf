import { type DuckDb, quoteIdent, quoteLiteral } from "../../duckdb/open.ts";
import { settingSql } from "../../reference/codes/derive.ts";
import type { MarketKind } from "../contract.ts";
import { type Stage, trimmedOrNull } from "../stage.ts";
import { billType3, copyToParquet, drg3, leanColumns, lower, upper, wholeNumber, zip5 } from "./common.ts";
import {
  constantEnum,
  everyCodeColumns,
  everyCodeJoins,
  outputTypes,
  prepareEveryCodeLookups,
} from "./derivedLookups.ts";

/**
 * The market_cases rows of `input`, a relation of normalised columns (year, claim_id,
 * patient_zip, given_setting, place_of_service, bill_type, drg, cpt, facility_npi, facility_name,
 * facility_zip, rendering_npi, rendering_name, referring_npi, referring_name, cases,
 * charge_amount, paid_amount, payer_class). A row with bill type or DRG is read as an
 * institutional claim, any other as professional, for the setting rules; a setting given in the
 * file wins. Both writers (one pass, and after the validation pass) end in this query, so they
 * write the same file. Needs prepareEveryCodeLookups().
 */
const settingValue = (setting: string) => `CAST(${quoteLiteral(setting)} AS ${outputTypes.setting})`;

export function marketCasesQuery(input: string, kind: MarketKind) {
  return `
    SELECT m.year, ${constantEnum(kind === "IP" ? "IP" : "OP")} AS kind, m.claim_id, m.patient_zip,
           coalesce(m.given_setting, ${settingSql("m", settingValue)}) AS setting,
           m.place_of_service, m.bill_type, m.drg, m.cpt,
           m.facility_npi, m.facility_name, m.facility_zip, m.rendering_npi, m.rendering_name,
           m.referring_npi, m.referring_name, m.cases, m.charge_amount, m.paid_amount, m.payer_class,
           ${everyCodeColumns}
    FROM (SELECT *, CASE WHEN bill_type IS NOT NULL OR drg IS NOT NULL THEN 'institutional' ELSE 'professional' END AS line_kind
          FROM ${input}) AS m
    ${everyCodeJoins("m")}`;
}

/**
 * Writes market_cases for kind IP or OP once the validation pass accepted the file. Columns are
 * read as the file has them wherever the validation pass saw that trimming and normalising would
 * change none of their values (leanColumns): the per-row string work is only paid by files that
 * need it.
 */
export async function writeMarketCases(duck: DuckDb, stage: Stage, kind: MarketKind, path: string) {
  const lean = leanColumns(duck, stage);
  const text = (column: string) => trimmedOrNull(quoteIdent(column));
  // The decimal cast skips surrounding whitespace and reads a blank as NULL: for an accepted file
  // (every trimmed amount a number or blank) it equals the cast of the trimmed text, without the trim.
  const amount = (column: string) => `TRY_CAST(${quoteIdent(column)} AS DECIMAL(18, 2))`;
  await duck.run(`
    CREATE OR REPLACE TEMP VIEW market_input AS
    SELECT ${await lean.integer("year", (value) => `CAST(${value} AS INTEGER)`)} AS year, ${text("claim_id")} AS claim_id,
           ${await lean.text("patient_zip", zip5)} AS patient_zip,
           CAST(${await lean.text("setting", upper)} AS ${outputTypes.setting}) AS given_setting,
           ${await lean.text("place_of_service")} AS place_of_service, ${await lean.text("bill_type", billType3)} AS bill_type,
           NULL::VARCHAR AS revenue_code, ${await lean.text("drg", drg3)} AS drg, ${await lean.text("cpt", upper)} AS cpt,
           ${await lean.text("facility_npi")} AS facility_npi, ${text("facility_name")} AS facility_name,
           ${await lean.text("facility_zip", zip5)} AS facility_zip, ${await lean.text("rendering_npi")} AS rendering_npi,
           ${text("rendering_name")} AS rendering_name, ${await lean.text("referring_npi")} AS referring_npi,
           ${text("referring_name")} AS referring_name,
           ${await lean.integer(
             "cases",
             (value) => wholeNumber(value, 1),
             (value) => `coalesce(CAST(${value} AS INTEGER), 1)`,
           )} AS cases,
           ${amount("charge_amount")} AS charge_amount, ${amount("paid_amount")} AS paid_amount,
           CAST(coalesce(${await lean.text("payer_class", lower)}, 'other') AS ${outputTypes.payerClass}) AS payer_class
    FROM ${stage.rawView}`);
  await prepareEveryCodeLookups(duck);
  await copyToParquet(duck, marketCasesQuery("market_input", kind), path);
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
