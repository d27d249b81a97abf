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
import { loadStage, readHeader, type Stage } from "./stage.ts";

const practiceSpecs = [
  professionalFees,
  facilityFees,
  payorClassification,
  tuvaMedicalClaim,
  tuvaEligibility,
];

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

/**
 * Names the table of every source from its header, then loads it into that table's stage; sources
 * that are no table of the contract are errors (and nothing is loaded).
 */
export async function loadTables(
  duck: DuckDb,
  sources: TabularSource[],
  target: { kind: "practice" } | { kind: "market"; marketKind: MarketKind },
): Promise<{ stages: Stage[]; errors: IngestError[] }> {
  const tables: { spec: TableSpec; source: TabularSource; header: Awaited<ReturnType<typeof readHeader>> }[] =
    [];
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
        source,
        header.map((column) => column.column_name.trim().toLowerCase()),
      );
    }
    if (!spec) {
      errors.push({
        table: source.hint,
        row: 0,
        column: "",
        reason: `${source.origin} is not a table of the contract`,
      });
    } else if (tables.some((table) => table.spec.name === spec.name)) {
      errors.push({
        table: spec.name,
        row: 0,
        column: "",
        reason: `${source.origin}: the table is given twice`,
      });
    } else {
      tables.push({ spec, source, header });
    }
  }
  if (target.kind === "market" && tables.length === 0) {
    const name = marketTableOfKind[target.marketKind].name;
    errors.push({ table: name, row: 0, column: "", reason: `no ${name} table in the upload` });
  }
  if (errors.length > 0) return { stages: [], errors };
  const stages: Stage[] = [];
  for (const table of tables)
    stages.push(await loadStage(duck, table.source, table.header, table.spec, table.spec.name));
  return { stages, errors };
}
