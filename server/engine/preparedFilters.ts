/**
 * The base sets' filter rules (baseViews.ts: M and P) on prepared tables, in JavaScript: an analysis
 * answering from prepared tables (plugin.ts `prepared`) narrows its rows with these, so its rules
 * are the kernels'. A rule answers a mask of the rows kept (columnTable.ts `keepWhere`). A list
 * condition follows DuckDB's `list_contains`: a row whose value is null matches no list.
 */
import type { z } from "zod";
import { filterShape } from "./baseViews.ts";
import { type ColumnTable, keepAll, keepWhere, type RowMask } from "./columnTable.ts";
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
  return (value: unknown) => typeof value === "string" && chosen.has(value);
};

/** A rule on a prepared table: the rows of the table it keeps. */
export type TableFilter<Row extends object> = (table: ColumnTable<Row>) => RowMask;

/** Applies the shared conditions (conditions() of baseViews.ts) that restrict for these filters. */
function keepShared(filters: Filters, table: ColumnTable<FilteredRow>, mask: RowMask): RowMask {
  const shape = filterShape(filters);
  if (shape.facilityType) keepWhere(mask, table.column("setting"), inList(filters.facility_type));
  if (shape.facilityZipcodes)
    keepWhere(mask, table.column("facility_zip"), inList(filters.facility_zipcodes));
  if (shape.facilities) keepWhere(mask, table.column("facility_npi"), inList(filters.facilities));
  if (shape.providers) keepWhere(mask, table.column("rendering_npi"), inList(filters.providers));
  if (shape.providerZipcodes) {
    keepWhere(mask, table.column("rendering_npi"), (npi) => npi !== null);
    keepWhere(mask, table.column("provider_zip"), inList(filters.provider_zipcodes));
  }
  return mask;
}

/** The area_mask macro of base_views.sql: PSA 1, SSA 2, TSA 4. */
export const areaMaskOf = (types: readonly string[]) =>
  SERVICE_AREA_TYPES.reduce((mask, type, bit) => (types.includes(type) ? mask | (1 << bit) : mask), 0);

/** M's rule (market_base): the chosen area types and service lines, then the shared conditions. */
export function inMarketBase(filters: Filters): TableFilter<MarketFilteredRow> {
  const areas = areaMaskOf(filters.service_area);
  const line = inList(filters.servicelines);
  return (table) => {
    const mask = keepAll(table.length);
    keepWhere(mask, table.column("area_mask"), (areaMask) => ((areaMask as number) & areas) !== 0);
    keepWhere(mask, table.column("service_line"), line);
    return keepShared(filters, table, mask);
  };
}

/** practice_volumes' rule: service lines restrict surgical rows, the shared conditions all. */
export function inPracticeVolumes(filters: Filters): TableFilter<PracticeFilteredRow> {
  const line = inList(filters.servicelines);
  return (table) => {
    // A row is kept when it is not surgical or its line is chosen.
    const mask = keepWhere(
      keepAll(table.length),
      table.column("is_surgical"),
      (surgical) => surgical !== true,
    );
    const lineKept = keepWhere(keepAll(table.length), table.column("service_line"), line);
    for (let index = 0; index < mask.length; index++) mask[index]! |= lineKept[index]!;
    return keepShared(filters, table, mask);
  };
}

/**
 * The rows a filter keeps, added up into one group per rank (each prepared row carries its group's
 * rank in the kernel's order, counting from 0): `start` makes a group from its first row, `add`
 * adds every row to its group (the first too); both read the row during the call only (a cursor,
 * columnTable.ts). Answers the groups in the kernel's order.
 */
export function addUpByRank<Row extends object, Group>(
  table: ColumnTable<Row>,
  keep: TableFilter<Row>,
  rankOf: (row: Readonly<Row>) => number,
  start: (row: Readonly<Row>) => Group,
  add: (group: Group, row: Readonly<Row>) => void,
): Group[] {
  // Ranks are fewer than the rows.
  const byRank: Array<Group | undefined> = new Array(table.length);
  table.eachRow((row) => {
    const rank = rankOf(row);
    let group = byRank[rank];
    if (group === undefined) {
      group = start(row);
      byRank[rank] = group;
    }
    add(group, row);
  }, keep(table));
  return byRank.filter((group) => group !== undefined);
}
