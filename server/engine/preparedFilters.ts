/**
 * The base sets' filter rules (baseViews.ts: M and P) on prepared rows, in JavaScript: an analysis
 * answering from prepared tables (plugin.ts `prepared`) narrows its rows with these, so its rules
 * are the kernels'. A list condition follows DuckDB's `list_contains`: a row whose value is null
 * matches no list.
 */
import type { z } from "zod";
import { filterShape } from "./baseViews.ts";
import { type Filters, SERVICE_AREA_TYPES } from "./filters.ts";
import { sqlNumber, sqlText, sqlTextOrNull } from "./sqlRunner.ts";

/** What a filter reads on a row: the columns baseViews.ts names (FilteredColumns). */
export interface FilteredRow {
  setting: string | null;
  /** A market case's facility zip; a practice line's place zip. */
  facility_zip: string | null;
  facility_npi: string | null;
  rendering_npi: string | null;
  /** The rendering provider's main zip (provider_main_zip), for provider_zipcodes. */
  provider_zip: string | null;
}

/** A market row of the service-area slice: its patient zip's area types as bits (area_mask). */
export interface MarketFilteredRow extends FilteredRow {
  service_line: string;
  area_mask: number;
}

/**
 * The columns M's rule reads, as they come from SQL: a prepared table of the market starts its row
 * schema with them (`z.object({ ...marketRowColumns, ...its own })`), so what `inMarketBase` reads
 * is declared once.
 */
export const marketRowColumns = {
  area_mask: sqlNumber,
  service_line: sqlText,
  setting: sqlTextOrNull,
  facility_zip: sqlTextOrNull,
  facility_npi: sqlTextOrNull,
  rendering_npi: sqlTextOrNull,
  provider_zip: sqlTextOrNull,
} satisfies Record<keyof MarketFilteredRow, z.ZodType>;

/** A practice row (practice_volumes): service lines restrict the surgical cases only. */
export interface PracticeFilteredRow extends FilteredRow {
  is_surgical: boolean;
  service_line: string | null;
}

const inList = (list: readonly string[]) => {
  const chosen = new Set(list);
  return (value: string | null) => value !== null && chosen.has(value);
};

/** The shared conditions (conditions() of baseViews.ts) that restrict for these filters. */
function sharedConditions(filters: Filters): Array<(row: FilteredRow) => boolean> {
  const shape = filterShape(filters);
  const chosen: Array<(row: FilteredRow) => boolean> = [];
  if (shape.facilityType) {
    const has = inList(filters.facility_type);
    chosen.push((row) => has(row.setting));
  }
  if (shape.facilityZipcodes) {
    const has = inList(filters.facility_zipcodes);
    chosen.push((row) => has(row.facility_zip));
  }
  if (shape.facilities) {
    const has = inList(filters.facilities);
    chosen.push((row) => has(row.facility_npi));
  }
  if (shape.providers) {
    const has = inList(filters.providers);
    chosen.push((row) => has(row.rendering_npi));
  }
  if (shape.providerZipcodes) {
    const has = inList(filters.provider_zipcodes);
    chosen.push((row) => row.rendering_npi !== null && has(row.provider_zip));
  }
  return chosen;
}

const every =
  <Row>(conditions: Array<(row: Row) => boolean>) =>
  (row: Row) => {
    for (const condition of conditions) if (!condition(row)) return false;
    return true;
  };

/** The area_mask macro of base_views.sql: PSA 1, SSA 2, TSA 4. */
export const areaMaskOf = (types: readonly string[]) =>
  SERVICE_AREA_TYPES.reduce((mask, type, bit) => (types.includes(type) ? mask | (1 << bit) : mask), 0);

/** M's rule (market_base): the chosen area types and service lines, then the shared conditions. */
export function inMarketBase(filters: Filters): (row: MarketFilteredRow) => boolean {
  const mask = areaMaskOf(filters.service_area);
  const line = inList(filters.servicelines);
  return every<MarketFilteredRow>([
    (row) => (row.area_mask & mask) !== 0,
    (row) => line(row.service_line),
    ...sharedConditions(filters),
  ]);
}

/** practice_volumes' rule: service lines restrict surgical rows, the shared conditions all. */
export function inPracticeVolumes(filters: Filters): (row: PracticeFilteredRow) => boolean {
  const line = inList(filters.servicelines);
  return every<PracticeFilteredRow>([
    (row) => !row.is_surgical || line(row.service_line),
    ...sharedConditions(filters),
  ]);
}

/**
 * The rows a filter keeps, added up into one group per rank (each prepared row carries its group's
 * rank in the kernel's order, counting from 0): `start` makes a group from its first row, `add`
 * adds every row to its group (the first too). Answers the groups in the kernel's order.
 */
export function addUpByRank<Row, Group>(
  rows: readonly Row[],
  keep: (row: Row) => boolean,
  rankOf: (row: Row) => number,
  start: (row: Row) => Group,
  add: (group: Group, row: Row) => void,
): Group[] {
  // Ranks are fewer than the rows.
  const byRank: Array<Group | undefined> = new Array(rows.length);
  for (const row of rows) {
    if (!keep(row)) continue;
    const rank = rankOf(row);
    let group = byRank[rank];
    if (group === undefined) {
      group = start(row);
      byRank[rank] = group;
    }
    add(group, row);
  }
  return byRank.filter((group) => group !== undefined);
}
