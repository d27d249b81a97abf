/**
 * The filtered base sets of analyses.md ("Filters and the base set") as views, written for the
 * request's filter shape: which filters restrict at all (a facility list that is empty, all four
 * facility types chosen and so on do not). The values themselves stay in the one-row
 * request_filter table, bound (bindInputs.ts); only the choice of conditions is made here.
 *
 * Why per shape: a bound value is not a constant to DuckDB's planner, so a condition such as
 * `len(f.facilities) = 0 OR list_contains(f.facilities, m.facility_npi)` was evaluated on every
 * row even when the list was empty. Over the service-area slice (40k rows at 1m) the conditions
 * cost more than the kernels' own work: 12 ms of a 14 ms statement. A pooled connection writes the
 * views again only when the shape changes.
 */
import { FACILITY_TYPES, type Filters } from "./filters.ts";

/** Which filters restrict the base sets (service areas and service lines always do). */
export interface FilterShape {
  facilityType: boolean;
  facilityZipcodes: boolean;
  facilities: boolean;
  providers: boolean;
  providerZipcodes: boolean;
}

export function filterShape(filters: Filters): FilterShape {
  return {
    // All four types mean no restriction: cases without a setting stay (analyses.md).
    facilityType: !FACILITY_TYPES.every((type) => filters.facility_type.includes(type)),
    facilityZipcodes: filters.facility_zipcodes.length > 0,
    facilities: filters.facilities.length > 0,
    providers: filters.providers.length > 0,
    providerZipcodes: filters.provider_zipcodes.length > 0,
  };
}

export const shapeKey = (shape: FilterShape) => JSON.stringify(shape);

/** The columns a relation names the filtered things by. */
interface FilteredColumns {
  setting: string;
  /** The facility zip of a market case; the place zip of a practice line. */
  facilityZip: string;
  facilityNpi: string;
  renderingNpi: string;
}

/** The conditions of the filters that restrict, on a row of `columns`, against request_filter `f`. */
function conditions(shape: FilterShape, columns: FilteredColumns) {
  const chosen: string[] = [];
  if (shape.facilityType) chosen.push(`list_contains(f.facility_type, ${columns.setting})`);
  if (shape.facilityZipcodes) chosen.push(`list_contains(f.facility_zipcodes, ${columns.facilityZip})`);
  if (shape.facilities) chosen.push(`list_contains(f.facilities, ${columns.facilityNpi})`);
  if (shape.providers) chosen.push(`list_contains(f.providers, ${columns.renderingNpi})`);
  // A provider's zip is the facility zip where it performed most cases (provider_zip_match.sql).
  if (shape.providerZipcodes) chosen.push(`${columns.renderingNpi} IN (SELECT npi FROM provider_zip_match)`);
  return chosen;
}

/** `FROM relation AS alias[, request_filter AS f] WHERE ...` (the filter row only when a condition reads it). */
function filteredFrom(relation: string, alias: string, where: string[]) {
  const readsFilter = where.some((condition) => /\bf\./.test(condition));
  return [
    `FROM ${relation} AS ${alias}${readsFilter ? ", request_filter AS f" : ""}`,
    where.length > 0 ? `WHERE ${where.join("\n  AND ")}` : "",
  ].join("\n");
}

const marketColumns: FilteredColumns = {
  setting: "m.setting",
  facilityZip: "m.facility_zip",
  facilityNpi: "m.facility_npi",
  renderingNpi: "m.rendering_npi",
};

/**
 * M: the service-area slice (market_marked.sql) whose patient zip has one of the chosen area types,
 * whose service line is chosen, restricted by setting and the facility/provider lists when they
 * restrict.
 */
const marketBase = (view: string, marked: string, shape: FilterShape) => `
CREATE OR REPLACE TEMP VIEW ${view} AS
SELECT m.* EXCLUDE (area_mask)
${filteredFrom(marked, "m", [
  "(m.area_mask & f.area_mask) <> 0",
  "list_contains(f.servicelines, m.service_line)",
  ...conditions(shape, marketColumns),
])};`;

/** The base views for a filter shape (one script, run on a connection that has base_views.sql). */
export function baseViewsSql(shape: FilterShape) {
  const practice = (alias: string): FilteredColumns => ({
    setting: `${alias}.setting`,
    facilityZip: `${alias}.place_zip`,
    facilityNpi: `${alias}.facility_npi`,
    renderingNpi: `${alias}.rendering_npi`,
  });
  return `
${marketBase("market_base", "area_cases_marked", shape)}

-- M without the referring provider (its cases summed per combination of the other columns), for
-- kernels that sum cases, count providers or take names by facility and rendering provider.
${marketBase("market_base_rendered", "area_cases_rendered_marked", shape)}

-- querie10's reference year, with that year's service area (the current one when none is listed).
${marketBase("market_base_reference", "area_cases_reference_marked", shape)}

-- P: the organisation-year's practice lines with the filters that apply to them. The service area
-- is a market notion and does not restrict P; service lines restrict surgical cases
-- (practice_cases), not the non-surgical lines.
CREATE OR REPLACE TEMP VIEW practice_base AS
SELECT p.*
${filteredFrom("practice_lines_placed", "p", conditions(shape, practice("p")))};

-- Practice volumes (data-contract.md section 5 "Case"): the surgical claims
-- (practice_surgical_claims, organisation_tables.sql) with the filters applied to the line that
-- describes each, and the non-surgical lines weighted by units.
CREATE OR REPLACE TEMP VIEW practice_cases AS
SELECT true AS is_surgical, surgical.*, 1.0::DOUBLE AS volume
${filteredFrom("practice_surgical_claims", "surgical", [
  "list_contains(f.servicelines, surgical.service_line)",
  ...conditions(shape, practice("surgical")),
])}
UNION ALL BY NAME
SELECT false AS is_surgical, category, service_line, patient_zip, rendering_npi, referring_npi, facility_npi,
       place_name, place_zip, setting, units AS volume
FROM practice_base
WHERE NOT is_surgical AND category IS NOT NULL;

-- practice_cases with the volumes summed per combination of its columns (the same filters on the
-- rolled-up rows of organisation_tables.sql): for kernels that sum volumes, a quarter of the rows.
CREATE OR REPLACE TEMP VIEW practice_volumes AS
SELECT v.*
${filteredFrom("practice_volumes_rolled", "v", [
  "(NOT v.is_surgical OR list_contains(f.servicelines, v.service_line))",
  ...conditions(shape, practice("v")),
])};`;
}
