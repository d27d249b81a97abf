import { quoteIdent } from "../duckdb/open.ts";
import { FIRST_DATA_YEAR, lastDataYear } from "../organisations/yearField.ts";
import type { Check, ColumnSpec } from "./contract.ts";

/**
 * The reason a value breaks its column's rule, as SQL over the trimmed text value (NULL when it
 * passes). Values are read as text on purpose: a typed reader would silently turn "02134" into
 * 2134 or "1e3" into 1000 before we could say what was wrong with the cell.
 */
const whole = (c: string) => `regexp_full_match(${c}, '[0-9]+(\\.0+)?')`;

/**
 * The reason of a line whose (data) year is not one the uploader ticked. Set aside by skip_invalid
 * like any row error, but reported once per year found, not once per line (validate.ts).
 */
export const OUTSIDE_CHOSEN_YEARS = "is not in the years you chose";

const reasonOf: Record<Check, (c: string) => string | null> = {
  text: () => null,
  // contains() rather than a regex: this column is nearly unique per row, so it is checked per row.
  token: (c) =>
    `CASE WHEN contains(${c}, ' ') OR contains(${c}, chr(9)) THEN 'must be a de-identified token without spaces, never a name' END`,
  positiveInt: (c) =>
    `CASE WHEN NOT ${whole(c)} OR CAST(${c} AS DOUBLE) < 1 THEN 'must be a whole number >= 1' END`,
  count: (c) => `CASE WHEN NOT ${whole(c)} THEN 'must be a whole number >= 0' END`,
  // Section 9: 0 is a line that happened and counts as 1 (a warning says how many).
  units: (c) => `CASE WHEN NOT ${whole(c)} THEN 'must be a whole number >= 0 (0 counts as 1)' END`,
  date: (c) => `CASE
      WHEN NOT regexp_full_match(${c}, '[0-9]{4}-[0-9]{2}-[0-9]{2}') OR TRY_CAST(${c} AS DATE) IS NULL
        THEN 'must be a date written YYYY-MM-DD'
      WHEN EXISTS (SELECT 1 FROM upload_years) AND year(TRY_CAST(${c} AS DATE)) NOT IN (SELECT year FROM upload_years)
        AND year(TRY_CAST(${c} AS DATE)) BETWEEN ${FIRST_DATA_YEAR} AND ${lastDataYear()}
        THEN '${OUTSIDE_CHOSEN_YEARS} (' || (SELECT string_agg(year::VARCHAR, ', ' ORDER BY year) FROM upload_years) || ')'
      WHEN year(TRY_CAST(${c} AS DATE)) NOT BETWEEN ${FIRST_DATA_YEAR} AND ${lastDataYear()}
        THEN 'must fall in a year from ${FIRST_DATA_YEAR} to ${lastDataYear()}'
    END`,
  zip: (c) =>
    `CASE WHEN NOT regexp_full_match(${c}, '[0-9]{5}(-?[0-9]{4})?') THEN 'must be a 5-digit zip code (or a ZIP+4)' END`,
  npi: (c) => `CASE
      WHEN NOT regexp_full_match(${c}, '[0-9]{10}') THEN 'must be a 10-digit NPI'
      WHEN NOT npi_valid(${c}) THEN 'is not a valid NPI (check digit)'
    END`,
  placeOfService: (c) =>
    `CASE WHEN NOT regexp_full_match(${c}, '[0-9]{2}') THEN 'must be a 2-digit place-of-service code' END`,
  // Section 9: the frequency code (last character) may be a letter (13I, 11G).
  billType: (c) => `CASE
      WHEN NOT regexp_full_match(${c}, '[0-9]{2,3}[0-9A-Za-z]')
        THEN 'must be 3 or 4 characters: digits, the last (the frequency code) a digit or a letter'
      WHEN length(${c}) = 4 AND ${c}[1] <> '0' THEN 'a 4-character bill type must start with 0'
      WHEN length(${c}) = 3 AND ${c}[1] = '0' THEN 'a 3-character bill type cannot start with 0'
    END`,
  revenueCode: (c) =>
    `CASE WHEN NOT regexp_full_match(${c}, '[0-9]{4}') THEN 'must be a 4-digit revenue code' END`,
  cpt: (c) =>
    `CASE WHEN NOT regexp_full_match(upper(${c}), '[A-Z0-9]{5}') THEN 'must be a 5-character CPT/HCPCS code' END`,
  drg: (c) => `CASE WHEN NOT regexp_full_match(${c}, '[0-9]{1,3}') THEN 'must be a 3-digit MS-DRG' END`,
  // Checked per row (amounts are nearly all distinct). Negative amounts are reversals (section 9).
  amount: (c) => `CASE WHEN TRY_CAST(${c} AS DECIMAL(18, 2)) IS NULL THEN 'must be a number' END`,
  year: (c) => `CASE
      WHEN NOT regexp_full_match(${c}, '[0-9]{4}') THEN 'must be a 4-digit year'
      WHEN CAST(${c} AS INTEGER) NOT IN (SELECT year FROM upload_years) THEN 'must equal the upload''s year'
    END`,
  setting: (c) =>
    `CASE WHEN upper(${c}) NOT IN ('IP', 'OP', 'ASC', 'OFFICE') THEN 'must be IP, OP, ASC or OFFICE' END`,
  payerClass: (c) => `CASE WHEN lower(${c}) NOT IN (SELECT payer_class FROM ref_payer_class)
      THEN 'must be one of ' || (SELECT string_agg(payer_class, ', ') FROM ref_payer_class) END`,
};

/** SQL giving the reason a cell fails, or NULL; a missing required value is reported first. */
export function columnReasonSql(column: ColumnSpec): string | null {
  const c = quoteIdent(column.name);
  const rule = reasonOf[column.check](c);
  if (column.required) return `CASE WHEN ${c} IS NULL THEN 'is required' ELSE ${rule ?? "NULL"} END`;
  return rule ? `CASE WHEN ${c} IS NOT NULL THEN ${rule} END` : null;
}
