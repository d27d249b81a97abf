import { insertRows } from "../../duckdb/insertRows.ts";
import type { DuckDb } from "../../duckdb/open.ts";
import { categories, categoryRanges } from "./categories.ts";
import { drgCategoryRanges } from "./drg.ts";
import { payerClasses } from "./payerClasses.ts";
import { serviceLineOfCategory } from "./serviceLines.ts";
import { settingRules } from "./settingRules.ts";

/**
 * Loads the code groupers of section 5 into DuckDB as ref_* tables, and the SQL helpers the
 * validation and derivation queries share. Call once per DuckDB connection.
 */
export async function loadCodeTables(duck: DuckDb) {
  await duck.run(`
    CREATE OR REPLACE TEMP TABLE ref_category_range (rank INTEGER, category VARCHAR, low VARCHAR, high VARCHAR, shape VARCHAR);
    CREATE OR REPLACE TEMP TABLE ref_drg_category (low INTEGER, high INTEGER, category VARCHAR);
    CREATE OR REPLACE TEMP TABLE ref_service_line (category VARCHAR, rank INTEGER, service_line VARCHAR, is_surgical BOOLEAN);
    CREATE OR REPLACE TEMP TABLE ref_setting_rule (rank INTEGER, line_kind VARCHAR, has_drg BOOLEAN,
      bill_type_prefix VARCHAR, revenue_prefix VARCHAR, place_of_service VARCHAR, setting VARCHAR);
    CREATE OR REPLACE TEMP TABLE ref_payer_class (payer_class VARCHAR);
  `);
  await insertRows(
    duck,
    "ref_category_range",
    categoryRanges.map((range) => [range.rank, range.category, range.low, range.high, range.shape]),
  );
  await insertRows(
    duck,
    "ref_drg_category",
    drgCategoryRanges.map((range) => [range.low, range.high, range.category]),
  );
  await insertRows(
    duck,
    "ref_service_line",
    categories.map((category, rank) => {
      const serviceLine = serviceLineOfCategory[category] ?? null;
      return [category, rank, serviceLine, serviceLine !== null];
    }),
  );
  await insertRows(
    duck,
    "ref_setting_rule",
    settingRules.map((rule) => [
      rule.rank,
      rule.lineKind,
      rule.hasDrg ?? null,
      rule.billTypePrefix ?? null,
      rule.revenuePrefix ?? null,
      rule.placeOfService ?? null,
      rule.setting,
    ]),
  );
  await insertRows(
    duck,
    "ref_payer_class",
    payerClasses.map((payerClass) => [payerClass]),
  );
  await duck.run(`
    CREATE OR REPLACE TEMP MACRO code_shape(code) AS
      regexp_replace(regexp_replace(code, '[0-9]', '9', 'g'), '[A-Z]', 'A', 'g');
    CREATE OR REPLACE TEMP MACRO luhn_digit(d, doubled) AS
      CASE WHEN doubled THEN (CAST(d AS INTEGER) * 2) - CASE WHEN CAST(d AS INTEGER) >= 5 THEN 9 ELSE 0 END
           ELSE CAST(d AS INTEGER) END;
    -- NPI: 10 digits whose Luhn check over "80840" + NPI passes; the prefix contributes 24.
    CREATE OR REPLACE TEMP MACRO npi_valid(n) AS
      regexp_full_match(n, '[0-9]{10}') AND (24
        + luhn_digit(n[1], true) + luhn_digit(n[2], false) + luhn_digit(n[3], true) + luhn_digit(n[4], false)
        + luhn_digit(n[5], true) + luhn_digit(n[6], false) + luhn_digit(n[7], true) + luhn_digit(n[8], false)
        + luhn_digit(n[9], true) + luhn_digit(n[10], false)) % 10 = 0;
  `);
}
