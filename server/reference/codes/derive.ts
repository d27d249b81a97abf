import { type DuckDb, quoteLiteral } from "../../duckdb/open.ts";
import { settingRules } from "./settingRules.ts";

/**
 * Category lookups for section 5, built from the distinct codes only (a few thousand, whatever
 * the number of lines): `cptValues` and `drgValues` are queries of one column `value` holding
 * normalised codes. Lines are then hash-joined to these small tables.
 */
export async function prepareCategoryLookups(duck: DuckDb, cptValues: string, drgValues: string) {
  await duck.run(`
    CREATE OR REPLACE TEMP TABLE category_of_code AS
    SELECT code.value AS cpt, arg_min(range.category, range.rank) AS category
    FROM (SELECT DISTINCT value FROM (${cptValues}) WHERE value IS NOT NULL) AS code
    JOIN ref_category_range AS range
      ON range.shape = code_shape(code.value) AND code.value BETWEEN range.low AND range.high
    GROUP BY code.value;

    CREATE OR REPLACE TEMP TABLE category_of_drg AS
    SELECT code.value AS drg, any_value(range.category) AS category
    FROM (SELECT DISTINCT value FROM (${drgValues}) WHERE value IS NOT NULL) AS code
    JOIN ref_drg_category AS range ON TRY_CAST(code.value AS INTEGER) BETWEEN range.low AND range.high
    GROUP BY code.value;
  `);
}

/**
 * Derivations for a relation of lines with the columns line_kind ('institutional' |
 * 'professional'), cpt, drg, bill_type (3 digits), revenue_code, place_of_service.
 */
export async function prepareDerivations(duck: DuckDb, relation: string) {
  await prepareCategoryLookups(
    duck,
    `SELECT cpt AS value FROM ${relation}`,
    `SELECT drg AS value FROM ${relation}`,
  );
}

/**
 * The setting of a line, generated from the rule table (settingRules.ts) as one CASE in rank
 * order: the first rule whose conditions all hold gives the setting. Evaluated per line it costs a
 * few comparisons, cheaper than any join on five nullable keys. `settingLiteral` writes each
 * setting (a typed literal makes the CASE of that type).
 */
export function settingSql(alias: string, settingLiteral: (setting: string) => string = quoteLiteral) {
  const branches = [...settingRules]
    .sort((a, b) => a.rank - b.rank)
    .map((rule) => {
      const conditions = [`${alias}.line_kind = ${quoteLiteral(rule.lineKind)}`];
      if (rule.hasDrg !== undefined) conditions.push(`${alias}.drg IS ${rule.hasDrg ? "NOT NULL" : "NULL"}`);
      if (rule.billTypePrefix)
        conditions.push(`left(${alias}.bill_type, 2) = ${quoteLiteral(rule.billTypePrefix)}`);
      if (rule.revenuePrefix)
        conditions.push(`left(${alias}.revenue_code, 3) = ${quoteLiteral(rule.revenuePrefix)}`);
      if (rule.placeOfService)
        conditions.push(`${alias}.place_of_service = ${quoteLiteral(rule.placeOfService)}`);
      return `WHEN ${conditions.join(" AND ")} THEN ${settingLiteral(rule.setting)}`;
    });
  return `CASE ${branches.join(" ")} END`;
}

/** Joins to add to `FROM <relation> AS <alias>` once the category lookups exist. */
export const derivationJoins = (alias: string) => `
  LEFT JOIN category_of_code AS code_category ON code_category.cpt = ${alias}.cpt
  LEFT JOIN category_of_drg AS drg_category ON drg_category.drg = ${alias}.drg
  LEFT JOIN ref_service_line AS service_line
    ON service_line.category = coalesce(code_category.category, CASE WHEN ${alias}.cpt IS NULL THEN drg_category.category END)`;

/**
 * The derived columns. A line with a CPT takes the CPT's category (none when it matches nothing);
 * only a line without a CPT falls back to its MS-DRG.
 */
export const derivedColumns = (alias: string) => `
  ${settingSql(alias)} AS setting,
  service_line.category AS category,
  service_line.rank AS category_rank,
  service_line.service_line AS service_line,
  coalesce(service_line.is_surgical, false) AS is_surgical`;
