/**
 * querie8's answer from its referred cases by service line, side and competitor (leakage.sql's
 * rows, or the prepared path's): the kernel and the prepared answer shape the same rows with this
 * function.
 */
import { SERVICE_LINE_LABELS, type ServiceLine, share } from "../../server/engine/index.ts";

/** Cases referred by the customer's providers of one line, side and competitor (leakage.sql's row). */
export interface ReferredCases {
  service_line: string;
  is_customer: boolean;
  /** The competitor rendering provider's name (its NPI without one); null on the customer's side. */
  competitor: string | null;
  cases: number;
}

export function leakageResult(rows: ReferredCases[], servicelines: readonly ServiceLine[]) {
  const leakage: Record<string, { cases_leeked: number; total: number; percentage: number }> = {};
  const leakageProvider: Record<string, { volume: number; competitors: Record<string, number> }> = {};
  for (const line of servicelines) {
    const ofLine = rows.filter((row) => row.service_line === line);
    const total = ofLine.reduce((sum, row) => sum + row.cases, 0);
    const leaked = ofLine.filter((row) => !row.is_customer);
    const casesLeaked = leaked.reduce((sum, row) => sum + row.cases, 0);
    leakage[line] = { cases_leeked: casesLeaked, total, percentage: share(casesLeaked, total) };
    const competitors: Record<string, number> = {};
    // Two competitor NPIs under one name are one entry of the screen's list. Largest first, ties by
    // name as the table below: the object's order then does not follow the SQL's row order (a hash
    // order, which the prepared rows do not share).
    const nameOf = (row: ReferredCases) => row.competitor ?? "Unknown";
    for (const row of [...leaked].sort((a, b) => b.cases - a.cases || nameOf(a).localeCompare(nameOf(b)))) {
      competitors[nameOf(row)] = (competitors[nameOf(row)] ?? 0) + row.cases;
    }
    leakageProvider[line] = { volume: casesLeaked, competitors };
  }
  return {
    leakage,
    leakage_provider: leakageProvider,
    leakage_table: servicelines.map((line) => ({
      service_line: line,
      service: SERVICE_LINE_LABELS[line],
      ...leakage[line]!,
    })),
    leakage_provider_table: servicelines.map((line) => ({
      name: SERVICE_LINE_LABELS[line],
      service_line: line,
      volume: leakageProvider[line]!.volume,
      competitors: Object.entries(leakageProvider[line]!.competitors)
        .sort(([nameA, a], [nameB, b]) => b - a || nameA.localeCompare(nameB))
        .map(([name, cases]) => ({ name, volume: cases })),
    })),
  };
}
