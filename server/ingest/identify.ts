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
import type { IngestError } from "./report.ts";
import type { TabularSource } from "./sources/collect.ts";
import { loadRaw, sourceColumns } from "./stage.ts";

export interface LoadedTable {
  spec: TableSpec;
  raw: string;
  source: TabularSource;
}

const practiceSpecs = [professionalFees, facilityFees, payorClassification, tuvaMedicalClaim, tuvaEligibility];

/** A bare file's table: by its name when that is a table name, else by the columns it has. */
function practiceSpecOf(source: TabularSource, columns: string[]): TableSpec | undefined {
  const byName = practiceSpecs.find((spec) => spec.name === source.hint);
  if (byName) return byName;
  const has = (name: string) => columns.includes(name);
  if (has("claim_type")) return tuvaMedicalClaim;
  if (has("zip_code") && (has("person_id") || has("patient_id")) && !has("claim_id")) return tuvaEligibility;
  if (has("bill_type")) return facilityFees;
  if (has("place_of_service") || has("rendering_npi")) return professionalFees;
  if (has("payer_class")) return payorClassification;
  return undefined;
}

/** Loads every source and names its table; sources that are no table of the contract are errors. */
export async function loadTables(
  duck: DuckDb,
  sources: TabularSource[],
  target: { kind: "practice" } | { kind: "market"; marketKind: MarketKind },
): Promise<{ tables: LoadedTable[]; errors: IngestError[] }> {
  const tables: LoadedTable[] = [];
  const errors: IngestError[] = [];
  for (const [index, source] of sources.entries()) {
    const raw = `raw_${index + 1}`;
    await loadRaw(duck, source, raw);
    let spec: TableSpec | undefined;
    if (target.kind === "market") {
      const expected = marketTableOfKind[target.marketKind];
      // A market upload is one table; with several files only the one named after it is read.
      spec = sources.length === 1 || source.hint === expected.name ? expected : undefined;
      if (!spec) continue;
    } else {
      spec = practiceSpecOf(source, await sourceColumns(duck, raw));
    }
    if (!spec) {
      errors.push({ table: source.hint, row: 0, column: "", reason: `${source.origin} is not a table of the contract` });
    } else if (tables.some((table) => table.spec.name === spec.name)) {
      errors.push({ table: spec.name, row: 0, column: "", reason: `${source.origin}: the table is given twice` });
    } else {
      tables.push({ spec, raw, source });
    }
  }
  if (target.kind === "market" && tables.length === 0) {
    const name = marketTableOfKind[target.marketKind].name;
    errors.push({ table: name, row: 0, column: "", reason: `no ${name} table in the upload` });
  }
  return { tables, errors };
}
