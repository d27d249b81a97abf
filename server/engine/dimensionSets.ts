/**
 * The organisation's dimension tables (org_providers, org_facilities, service_area,
 * service_area_reference) on a connection that serves many organisations (issue 14).
 *
 * Filling four temp tables with bound rows on every switch of organisation cost 4-15 ms at 1m
 * (five statements, the service areas' zips as parameters). Instead each connection keeps the sets
 * it has been given in four tables with a set id column, and the relation names kernels read are
 * views of one set: a set the connection holds already is bound by re-pointing the views (part of
 * one script with the other views, bindInputs.ts). The sets are tiny (tens to a few hundred rows)
 * and bounded per connection: past the bound, the least recently bound set's rows are deleted.
 */
import { insertRows } from "../duckdb/insertRows.ts";
import type { DuckDb, SqlValue } from "../duckdb/open.ts";
import type { OrganisationDimensions } from "./inputs.ts";

/** Sets kept per connection: every organisation-year of a large deployment, at ~100 rows each. */
export const DIMENSION_SETS_PER_CONNECTION = 512;

const TABLES = `
CREATE TEMP TABLE IF NOT EXISTS org_providers_sets (set_id INTEGER, npi VARCHAR, full_name VARCHAR);
CREATE TEMP TABLE IF NOT EXISTS org_facilities_sets (set_id INTEGER, npi VARCHAR, kind VARCHAR, name VARCHAR,
  facility_name VARCHAR, zip VARCHAR, lat DOUBLE, lon DOUBLE);
CREATE TEMP TABLE IF NOT EXISTS service_area_sets (set_id INTEGER, zipcode VARCHAR, type VARCHAR);
CREATE TEMP TABLE IF NOT EXISTS service_area_reference_sets (set_id INTEGER, zipcode VARCHAR, type VARCHAR);`;

const RELATIONS = ["org_providers", "org_facilities", "service_area", "service_area_reference"] as const;
type Relation = (typeof RELATIONS)[number];

interface ConnectionSets {
  /** Dimensions hash -> set id, least recently bound first. */
  ids: Map<string, number>;
  next: number;
}
const connectionSets = new WeakMap<DuckDb, ConnectionSets>();

/** Each relation's rows of one set, the set id first. */
const setRows = (id: number, dimensions: OrganisationDimensions): Record<Relation, SqlValue[][]> => ({
  org_providers: dimensions.providers.map((provider) => [id, provider.npi, provider.full_name]),
  org_facilities: dimensions.facilities.map((facility) => [
    id,
    facility.npi,
    facility.kind,
    facility.name,
    facility.facility_name,
    facility.zip,
    facility.lat,
    facility.lon,
  ]),
  service_area: dimensions.serviceArea.map((zip) => [id, zip.zipcode, zip.type]),
  service_area_reference: dimensions.serviceAreaReference.map((zip) => [id, zip.zipcode, zip.type]),
});

async function insertSet(duck: DuckDb, id: number, dimensions: OrganisationDimensions) {
  const rows = setRows(id, dimensions);
  for (const relation of RELATIONS) await insertRows(duck, `${relation}_sets`, rows[relation]);
}

async function deleteSet(duck: DuckDb, id: number) {
  for (const relation of RELATIONS) await duck.run(`DELETE FROM ${relation}_sets WHERE set_id = $1`, [id]);
}

/**
 * Makes sure the connection holds the dimensions (`hash` identifies them) and returns the script
 * that points the dimension relations at them. The set id is a number this module made, never a
 * request's value, so it is written into the views (a view takes no parameters).
 */
export async function dimensionSetViews(
  duck: DuckDb,
  dimensions: OrganisationDimensions,
  hash: string,
  maxSets = DIMENSION_SETS_PER_CONNECTION,
) {
  let sets = connectionSets.get(duck);
  if (!sets) {
    await duck.run(TABLES);
    sets = { ids: new Map(), next: 1 };
    connectionSets.set(duck, sets);
  }
  let id = sets.ids.get(hash);
  if (id === undefined) {
    id = sets.next++;
    try {
      await insertSet(duck, id, dimensions);
    } catch (error) {
      await deleteSet(duck, id).catch(() => {});
      throw error;
    }
    for (const [oldHash, oldId] of sets.ids) {
      if (sets.ids.size < maxSets) break;
      sets.ids.delete(oldHash);
      await deleteSet(duck, oldId);
    }
  } else sets.ids.delete(hash);
  sets.ids.set(hash, id);
  return RELATIONS.map(
    (relation) =>
      `CREATE OR REPLACE TEMP VIEW ${relation} AS SELECT * EXCLUDE (set_id) FROM ${relation}_sets WHERE set_id = ${id};`,
  ).join("\n");
}

/** The sets a connection holds (tests). */
export const dimensionSetsHeld = (duck: DuckDb) => connectionSets.get(duck)?.ids.size ?? 0;
