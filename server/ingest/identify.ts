import type { DuckDb } from "../duckdb/open.ts";
import {
  facilityFees,
  type MarketKind,
  marketTableOfKind,
  payorClassification,
  professionalFees,
  type TableSpec,
  tuvaEligibility,
  tuvaMedicalClaim,
} from "./contract.ts";
import type { IngestError, TableRead } from "./report.ts";
import type { TabularSource } from "./sources/collect.ts";
import { loadStageOfParts, readHeader, type Stage } from "./stage.ts";

const practiceSpecs = [
  professionalFees,
  facilityFees,
  payorClassification,
  tuvaMedicalClaim,
  tuvaEligibility,
];

/** Columns that only one table has: they decide between tables whose required columns all match. */
const telling: Record<string, string[]> = {
  medical_claim: ["claim_type", "claim_line_number", "hcpcs_code"],
  eligibility: ["zip_code", "person_id", "enrollment_start_date", "payer_type"],
  facility_fees: ["bill_type", "revenue_code", "drg", "operating_npi"],
  professional_fees: ["place_of_service", "rendering_npi", "referring_npi", "modifier"],
  payor_classification: ["payer_class"],
};

/**
 * A file's table, read from its header (section 9: "claims_2025.csv" or "export.xlsx" is matched
 * by its columns), the file name a hint: among the tables whose required columns the header all
 * has, the one it names, else the one with most of the columns only it has. When none has all its
 * required columns, the table it names (its missing columns are then reported), else the table
 * with at least half of its required columns and the most telling ones (reported likewise).
 */
export function practiceSpecOf(hint: string, columns: string[]): TableSpec | undefined {
  const has = (name: string) => columns.includes(name);
  const requiredOf = (spec: TableSpec) => spec.columns.filter((column) => column.required);
  const score = (spec: TableSpec) =>
    (telling[spec.name] ?? []).filter(has).length * 100 +
    spec.columns.filter((column) => has(column.name)).length;
  const complete = practiceSpecs.filter((spec) => {
    if (!requiredOf(spec).every((column) => has(column.name))) return false;
    // Eligibility names its person, and is no claims table.
    if (spec.name === "eligibility") return (has("person_id") || has("patient_id")) && !has("claim_id");
    return true;
  });
  const byName = practiceSpecs.find((spec) => spec.name === hint);
  if (byName && (complete.includes(byName) || complete.length === 0)) return byName;
  const best = (specs: TableSpec[]) =>
    [...specs].sort((a, b) => score(b) - score(a)).find((spec) => score(spec) >= 100);
  if (complete.length > 0) return best(complete) ?? complete[0];
  const partial = practiceSpecs.filter((spec) => {
    const required = requiredOf(spec);
    return required.filter((column) => has(column.name)).length * 2 >= required.length;
  });
  return best(partial);
}

/**
 * Names the table of every source from its header, then loads it into that table's stage; sources
 * that are no table of the contract are errors (and nothing is loaded).
 */
export async function loadTables(
  duck: DuckDb,
  sources: TabularSource[],
  target: { kind: "practice" } | { kind: "market"; marketKind: MarketKind },
): Promise<{ stages: Stage[]; errors: IngestError[]; tablesRead: TableRead[] }> {
  type Header = Awaited<ReturnType<typeof readHeader>>;
  const tables: {
    spec: TableSpec;
    source: TabularSource;
    header: Header;
    parts: { source: TabularSource; header: Header }[];
  }[] = [];
  const errors: IngestError[] = [];
  for (const source of sources) {
    const header = await readHeader(duck, source);
    let spec: TableSpec | undefined;
    if (target.kind === "market") {
      const expected = marketTableOfKind[target.marketKind];
      // A market upload is one table; with several files only the one named after it is read.
      spec = sources.length === 1 || source.hint === expected.name ? expected : undefined;
      if (!spec) continue;
    } else {
      spec = practiceSpecOf(
        source.hint,
        header.map((column) => column.column_name.trim().toLowerCase()),
      );
    }
    if (!spec) {
      errors.push({
        table: source.hint,
        row: 0,
        column: "",
        reason: `${source.origin} is not a table of the contract: its columns match none of ${practiceSpecs.map((item) => item.name).join(", ")}`,
      });
    } else if (
      target.kind === "practice" &&
      spec.name !== "medical_claim" &&
      spec.name !== "eligibility" &&
      tables.some((table) => table.spec.name === spec.name)
    ) {
      // One table in one file per year (an extract of several years): read one after the other.
      tables.find((table) => table.spec.name === spec.name)?.parts.push({ source, header });
    } else if (tables.some((table) => table.spec.name === spec.name)) {
      errors.push({
        table: spec.name,
        row: 0,
        column: "",
        reason: `${source.origin}: the table is given twice`,
      });
    } else {
      tables.push({ spec, source, header, parts: [{ source, header }] });
    }
  }
  if (target.kind === "market" && tables.length === 0) {
    const name = marketTableOfKind[target.marketKind].name;
    errors.push({ table: name, row: 0, column: "", reason: `no ${name} table in the upload` });
  }
  const tablesRead = tables.flatMap((table) =>
    table.parts.map((part) => ({ file: part.source.origin, table: table.spec.name })),
  );
  if (errors.length > 0) return { stages: [], errors, tablesRead };
  const stages: Stage[] = [];
  for (const table of tables)
    stages.push(await loadStageOfParts(duck, table.parts, table.spec, table.spec.name));
  return { stages, errors, tablesRead };
}
