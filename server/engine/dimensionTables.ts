/**
 * The organisation-year's dimension relations (org_providers, org_facilities, service_area,
 * service_area_reference) as small tables of its schema (orgYearSchemas.ts): tens to a few hundred
 * rows, appended once per instance. (DuckDB's appender, not INSERT statements: four bound inserts
 * cost 4-5 ms of a new organisation-year's first run, mostly planning.)
 */
import type { DuckDb } from "../duckdb/open.ts";
import type { OrganisationDimensions } from "./inputs.ts";

const COLUMNS = {
  org_providers: "npi VARCHAR, full_name VARCHAR",
  org_facilities:
    "npi VARCHAR, kind VARCHAR, name VARCHAR, facility_name VARCHAR, zip VARCHAR, lat DOUBLE, lon DOUBLE",
  service_area: "zipcode VARCHAR, type VARCHAR",
  service_area_reference: "zipcode VARCHAR, type VARCHAR",
} as const;
type Relation = keyof typeof COLUMNS;

/** Each relation's rows. */
const rowsOf = (
  dimensions: OrganisationDimensions,
): Record<Relation, Array<Array<string | number | null>>> => ({
  org_providers: dimensions.providers.map((provider) => [provider.npi, provider.full_name]),
  org_facilities: dimensions.facilities.map((facility) => [
    facility.npi,
    facility.kind,
    facility.name,
    facility.facility_name,
    facility.zip,
    facility.lat,
    facility.lon,
  ]),
  service_area: dimensions.serviceArea.map((zip) => [zip.zipcode, zip.type]),
  service_area_reference: dimensions.serviceAreaReference.map((zip) => [zip.zipcode, zip.type]),
});

/** Creates and fills the four tables in `schema` (a name orgYearSchemas.ts made, never a request's). */
export async function createDimensionTables(
  duck: DuckDb,
  schema: string,
  dimensions: OrganisationDimensions,
) {
  const relations = Object.keys(COLUMNS) as Relation[];
  await duck.run(
    relations
      .map((relation) => `CREATE OR REPLACE TABLE ${schema}.${relation} (${COLUMNS[relation]});`)
      .join("\n"),
  );
  const rows = rowsOf(dimensions);
  for (const relation of relations) {
    const appender = await duck.connection.createAppender(relation, schema);
    try {
      for (const row of rows[relation]) {
        for (const value of row) {
          if (value === null) appender.appendNull();
          else if (typeof value === "number") appender.appendDouble(value);
          else appender.appendVarchar(value);
        }
        appender.endRow();
      }
    } finally {
      appender.closeSync();
    }
  }
}
