import type { DuckDb } from "../../duckdb/open.ts";

/**
 * Section 5 derivations for a relation of lines with the columns line_kind ('institutional' |
 * 'professional'), cpt, drg, bill_type (3 digits), revenue_code, place_of_service.
 *
 * Classification runs on the distinct codes and setting keys (a few thousand), never per line;
 * the lines are then hash-joined to those small lookups, which keeps a 10m-line file one scan.
 */
export async function prepareDerivations(duck: DuckDb, relation: string) {
  await duck.run(`
    CREATE OR REPLACE TEMP TABLE category_of_code AS
    SELECT code.cpt, arg_min(range.category, range.rank) AS category
    FROM (SELECT DISTINCT cpt FROM ${relation} WHERE cpt IS NOT NULL) AS code
    JOIN ref_category_range AS range
      ON range.shape = code_shape(code.cpt) AND code.cpt BETWEEN range.low AND range.high
    GROUP BY code.cpt;

    CREATE OR REPLACE TEMP TABLE category_of_drg AS
    SELECT code.drg, any_value(range.category) AS category
    FROM (SELECT DISTINCT drg FROM ${relation} WHERE drg IS NOT NULL) AS code
    JOIN ref_drg_category AS range ON TRY_CAST(code.drg AS INTEGER) BETWEEN range.low AND range.high
    GROUP BY code.drg;

    CREATE OR REPLACE TEMP TABLE setting_of_key AS
    SELECT key.line_kind, key.has_drg, key.bill_prefix, key.revenue_prefix, key.place_of_service,
           arg_min(rule.setting, rule.rank) AS setting
    FROM (
      SELECT DISTINCT line_kind, drg IS NOT NULL AS has_drg, left(bill_type, 2) AS bill_prefix,
             left(revenue_code, 3) AS revenue_prefix, place_of_service
      FROM ${relation}
    ) AS key
    JOIN ref_setting_rule AS rule
      ON rule.line_kind = key.line_kind
     AND (rule.has_drg IS NULL OR rule.has_drg = key.has_drg)
     AND (rule.bill_type_prefix IS NULL OR rule.bill_type_prefix = key.bill_prefix)
     AND (rule.revenue_prefix IS NULL OR rule.revenue_prefix = key.revenue_prefix)
     AND (rule.place_of_service IS NULL OR rule.place_of_service = key.place_of_service)
    GROUP BY ALL;
  `);
}

/** Joins to add to `FROM <relation> AS <alias>` once prepareDerivations ran on that relation. */
export const derivationJoins = (alias: string) => `
  LEFT JOIN category_of_code AS code_category ON code_category.cpt = ${alias}.cpt
  LEFT JOIN category_of_drg AS drg_category ON drg_category.drg = ${alias}.drg
  LEFT JOIN setting_of_key AS derived_setting
    ON derived_setting.line_kind = ${alias}.line_kind
   AND derived_setting.has_drg = (${alias}.drg IS NOT NULL)
   AND derived_setting.bill_prefix IS NOT DISTINCT FROM left(${alias}.bill_type, 2)
   AND derived_setting.revenue_prefix IS NOT DISTINCT FROM left(${alias}.revenue_code, 3)
   AND derived_setting.place_of_service IS NOT DISTINCT FROM ${alias}.place_of_service
  LEFT JOIN ref_service_line AS service_line
    ON service_line.category = coalesce(code_category.category, CASE WHEN ${alias}.cpt IS NULL THEN drg_category.category END)`;

/**
 * The derived columns. A line with a CPT takes the CPT's category (none when it matches nothing);
 * only a line without a CPT falls back to its MS-DRG.
 */
export const derivedColumns = `
  derived_setting.setting AS setting,
  service_line.category AS category,
  service_line.rank AS category_rank,
  service_line.service_line AS service_line,
  coalesce(service_line.is_surgical, false) AS is_surgical`;
