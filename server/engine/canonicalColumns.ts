/**
 * The columns kernels may read from the canonical Parquet tables (data-contract.md section 4, with
 * the derived columns of section 5). bindInputs.ts projects each file onto exactly these columns:
 * a column the file lacks becomes NULL (or its fallback), so kernels never depend on extra columns
 * and a renamed ingestion column is mapped here, in one place.
 */
import { categories } from "../reference/codes/categories.ts";

/** The category's position in the section 5 table, for files written without category_rank. */
const categoryRankSql = `list_position([${categories.map((name) => `'${name}'`).join(", ")}], category) - 1`;

export interface CanonicalColumn {
  name: string;
  type: "VARCHAR" | "INTEGER" | "DOUBLE" | "BOOLEAN" | "DATE";
  /** Other names the ingestion may have used for the same column, tried in order. */
  aliases?: string[];
  /** A constant used when the file lacks the column or the value is NULL. */
  fallback?: string;
  /** SQL over the other canonical columns, used when the value is still NULL (a derived column). */
  derivedFallback?: string;
}

export const marketCaseColumns: CanonicalColumn[] = [
  { name: "year", type: "INTEGER" },
  { name: "claim_id", type: "VARCHAR" },
  { name: "patient_zip", type: "VARCHAR" },
  { name: "setting", type: "VARCHAR" },
  { name: "cpt", type: "VARCHAR" },
  { name: "drg", type: "VARCHAR" },
  { name: "facility_npi", type: "VARCHAR" },
  { name: "facility_name", type: "VARCHAR" },
  { name: "facility_zip", type: "VARCHAR" },
  { name: "rendering_npi", type: "VARCHAR" },
  { name: "rendering_name", type: "VARCHAR" },
  { name: "referring_npi", type: "VARCHAR" },
  { name: "referring_name", type: "VARCHAR" },
  // A market row stands for `cases` identical cases (section 3); missing means 1.
  { name: "cases", type: "DOUBLE", fallback: "1" },
  { name: "charge_amount", type: "DOUBLE" },
  { name: "paid_amount", type: "DOUBLE" },
  { name: "payer_class", type: "VARCHAR", fallback: "'other'" },
  { name: "category", type: "VARCHAR" },
  { name: "service_line", type: "VARCHAR" },
  { name: "is_surgical", type: "BOOLEAN", derivedFallback: "service_line IS NOT NULL" },
];

export const practiceLineColumns: CanonicalColumn[] = [
  // The table the line came from (professional or facility): surgical cases are claims per table.
  { name: "source", type: "VARCHAR", aliases: ["line_kind"], fallback: "'professional'" },
  { name: "claim_id", type: "VARCHAR" },
  { name: "line", type: "INTEGER" },
  { name: "service_date", type: "DATE" },
  { name: "patient_id", type: "VARCHAR" },
  { name: "patient_zip", type: "VARCHAR" },
  // Facility lines name the surgeon as operating_npi.
  { name: "rendering_npi", type: "VARCHAR", aliases: ["operating_npi"] },
  { name: "referring_npi", type: "VARCHAR" },
  { name: "facility_npi", type: "VARCHAR" },
  { name: "location", type: "VARCHAR" },
  { name: "place_of_service", type: "VARCHAR" },
  { name: "bill_type", type: "VARCHAR" },
  { name: "revenue_code", type: "VARCHAR" },
  { name: "cpt", type: "VARCHAR" },
  { name: "drg", type: "VARCHAR" },
  { name: "units", type: "DOUBLE", fallback: "1" },
  { name: "charge_amount", type: "DOUBLE" },
  // Missing paid_amount counts as 0 revenue (section 2).
  { name: "paid_amount", type: "DOUBLE", fallback: "0" },
  { name: "payer", type: "VARCHAR" },
  { name: "payer_class", type: "VARCHAR", fallback: "'other'" },
  { name: "setting", type: "VARCHAR" },
  { name: "category", type: "VARCHAR" },
  { name: "category_rank", type: "INTEGER", derivedFallback: categoryRankSql },
  { name: "service_line", type: "VARCHAR" },
  { name: "is_surgical", type: "BOOLEAN", derivedFallback: "service_line IS NOT NULL" },
];

/** The year's demographics (data-contract.md section 3, kind DEMO): population per zip. */
export const demographicsColumns: CanonicalColumn[] = [
  { name: "zip", type: "VARCHAR" },
  { name: "population", type: "DOUBLE" },
  { name: "population_65_plus", type: "DOUBLE" },
  // Optional in the upload: NULL when the file has no projection for the zip.
  { name: "projected_population_5y", type: "DOUBLE" },
];
