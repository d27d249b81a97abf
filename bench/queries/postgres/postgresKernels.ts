/**
 * The same kernels on PostgreSQL over the same data: the organisation-year's canonical rows (the
 * engine's own projection of the Parquet files) loaded with COPY into a schema of the database
 * `vitality_bench` (reused while the data is unchanged), an index on patient_zip with the rows
 * clustered by it, ANALYZE, JIT off and 64 MB work_mem (loaded by one process at a time: an
 * advisory lock per schema); the request's filters and the base views of base_views.sql are the
 * session's own temporary objects; then each plugin's kernel runs with a SqlRunner that executes its
 * .sql files translated by dialect.ts.
 */
import { createHash } from "node:crypto";
import { createReadStream, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import postgres from "postgres";
import { z } from "zod";
import { openDuckDb, quoteLiteral } from "../../../server/duckdb/open.ts";
import { bindParquet } from "../../../server/engine/bindInputs.ts";
import {
  type CanonicalColumn,
  demographicsColumns,
  marketCaseColumns,
  practiceLineColumns,
} from "../../../server/engine/canonicalColumns.ts";
import { fileStamps } from "../../../server/engine/derived/versionedFiles.ts";
import { FILTER_LISTS_DIR, filterLists } from "../../../server/engine/filterLists.ts";
import { FACILITY_TYPES, type Filters } from "../../../server/engine/filters.ts";
import type { CanonicalInputs } from "../../../server/engine/inputs.ts";
import type { Plugin, PluginResult } from "../../../server/engine/plugin.ts";
import type { EngineSettings } from "../../../server/engine/settings.ts";
import type { SqlParam, SqlRunner } from "../../../server/engine/sqlRunner.ts";
import { toPostgres } from "./dialect.ts";

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DATABASE = "vitality_bench";

const pgType = (column: CanonicalColumn) =>
  ({ VARCHAR: "text", INTEGER: "integer", DOUBLE: "double precision", BOOLEAN: "boolean", DATE: "date" })[
    column.type
  ];
const tableOf = (name: string, columns: CanonicalColumn[]) =>
  `CREATE TABLE ${name} (${columns.map((column) => `${column.name} ${pgType(column)}`).join(", ")})`;

export interface PostgresBench {
  run<Result extends PluginResult>(plugin: Plugin<Result>, filters: Filters): Promise<Result>;
  close(): Promise<void>;
  loadSeconds: number;
}

/** Exports the engine's canonical projection of the files as CSV, then COPYs it in. */
async function copyRows(
  sql: postgres.Sql,
  dataDir: string,
  table: string,
  files: string[],
  columns: CanonicalColumn[],
) {
  if (files.length === 0) return;
  const csvDir = join(dataDir, "tmp", "pg");
  mkdirSync(csvDir, { recursive: true });
  const csv = join(csvDir, `${table}.csv`);
  const duck = await openDuckDb({ dataDir, memoryLimit: "2GB" });
  try {
    await bindParquet(duck, "rows", files, columns);
    await duck.run(`COPY (SELECT * FROM rows) TO ${quoteLiteral(csv)} (FORMAT csv, HEADER false)`);
  } finally {
    duck.close();
  }
  const writable = await sql.unsafe(`COPY ${table} FROM STDIN (FORMAT csv)`).writable();
  await pipeline(createReadStream(csv), writable);
  rmSync(csv, { force: true });
}

interface LoadTarget {
  size: string;
  schema: string;
  stamp: string;
  dataDir: string;
  inputs: CanonicalInputs;
}

/** The organisation-year's rows in a fresh schema: COPY, index, cluster, ANALYZE. */
async function loadData(sql: postgres.Sql, { size, schema, stamp, dataDir, inputs }: LoadTarget) {
  const { files, dimensions } = inputs;
  console.log(`  loading the ${size} data into PostgreSQL (${schema}) ...`);
  await sql.unsafe(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  await sql.unsafe(
    [
      tableOf("market_cases", marketCaseColumns),
      tableOf("market_cases_reference", marketCaseColumns),
      tableOf("practice_lines", practiceLineColumns),
      tableOf("demographics", demographicsColumns),
      "CREATE TABLE org_providers (npi text, full_name text)",
      "CREATE TABLE org_facilities (npi text, kind text, name text, facility_name text, zip text, lat double precision, lon double precision)",
      "CREATE TABLE service_area (zipcode text, type text)",
      "CREATE TABLE service_area_reference (zipcode text, type text)",
      "CREATE TABLE bench_meta (stamp text)",
    ].join(";\n"),
  );
  await copyRows(sql, dataDir, "market_cases", files.marketCases, marketCaseColumns);
  await copyRows(sql, dataDir, "market_cases_reference", files.marketCasesReference, marketCaseColumns);
  await copyRows(sql, dataDir, "practice_lines", files.practiceLines, practiceLineColumns);
  await copyRows(sql, dataDir, "demographics", files.demographics ?? [], demographicsColumns);
  for (const provider of dimensions.providers)
    await sql`INSERT INTO org_providers VALUES (${provider.npi}, ${provider.full_name})`;
  for (const f of dimensions.facilities)
    await sql`INSERT INTO org_facilities VALUES (${f.npi}, ${f.kind}, ${f.name}, ${f.facility_name}, ${f.zip}, ${f.lat}, ${f.lon})`;
  for (const zip of dimensions.serviceArea)
    await sql`INSERT INTO service_area VALUES (${zip.zipcode}, ${zip.type})`;
  for (const zip of dimensions.serviceAreaReference)
    await sql`INSERT INTO service_area_reference VALUES (${zip.zipcode}, ${zip.type})`;
  // PostgreSQL's counterpart of our sorted files: an index on the service-area filter's column and
  // the rows clustered by it, so a service area's rows sit on few pages.
  for (const table of ["market_cases", "market_cases_reference"]) {
    await sql.unsafe(`CREATE INDEX ${table}_zip ON ${table} (patient_zip)`);
    await sql.unsafe(`CLUSTER ${table} USING ${table}_zip`);
  }
  // This schema's tables only: a database-wide ANALYZE also samples every other benchmark's schema.
  for (const table of [
    "market_cases",
    "market_cases_reference",
    "practice_lines",
    "demographics",
    "org_providers",
    "org_facilities",
    "service_area",
    "service_area_reference",
  ])
    await sql.unsafe(`ANALYZE ${table}`);
  await sql`INSERT INTO bench_meta VALUES (${stamp})`;
}

export async function openPostgresBench(
  size: string,
  dataDir: string,
  inputs: CanonicalInputs,
  settings: EngineSettings,
): Promise<PostgresBench> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  const [exists] = await admin`SELECT 1 AS found FROM pg_database WHERE datname = ${DATABASE}`;
  if (!exists) await admin.unsafe(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  // BENCH_OUT (another data folder) gets its own schema: two benchmarks at once must not reload each other's.
  const folder = process.env.BENCH_OUT
    ? `_${createHash("sha256").update(dataDir).digest("hex").slice(0, 8)}`
    : "";
  const schema = `bench_${size.replace(/[^a-z0-9]/gi, "_")}${folder}`;
  const sql = postgres(ADMIN_URL.replace(/\/[^/]*$/, `/${DATABASE}`), {
    max: 1,
    onnotice: () => {},
    types: { bigint: postgres.BigInt },
    // Tuned as a PostgreSQL analytics deployment would be: JIT compilation costs about a second per
    // query here and never pays off at these sizes; hash aggregates get room in memory.
    connection: { search_path: schema, jit: "off", work_mem: "64MB" },
  });

  const { files, dimensions } = inputs;
  // The data's stamp: the views are not part of it (they are the session's own, created below).
  const stamp = createHash("sha256")
    .update(
      fileStamps([
        ...files.marketCases,
        ...files.marketCasesReference,
        ...files.practiceLines,
        ...(files.demographics ?? []),
      ]),
    )
    .update(JSON.stringify(dimensions))
    .update("index, clustered by patient_zip")
    .digest("hex");
  const started = performance.now();
  // One loader at a time per schema (two benchmarks on the same data folder wait for each other).
  await sql`SELECT pg_advisory_lock(hashtext(${schema}))`;
  try {
    const [loaded] = await sql`SELECT to_regclass(${`${schema}.bench_meta`}) IS NOT NULL AS present`;
    const current = loaded?.present ? (await sql`SELECT stamp FROM bench_meta`)[0]?.stamp : undefined;
    if (current !== stamp) await loadData(sql, { size, schema, stamp, dataDir, inputs });
  } finally {
    await sql`SELECT pg_advisory_unlock(hashtext(${schema}))`;
  }
  // The request's filters and the base views are this session's (temporary): a second benchmark on
  // the same schema binds its own filters without touching these.
  await sql.unsafe(
    `CREATE TEMP TABLE request_filter (year integer, servicelines text[], service_area text[], facility_type text[],
       all_facility_types boolean, facility_zipcodes text[], provider_zipcodes text[], facilities text[], providers text[]);
     CREATE TEMP TABLE provider_zip_match (npi text);
     INSERT INTO request_filter (year) VALUES (0);
     ANALYZE request_filter;`,
  );
  await sql.unsafe(marketBaseViews());
  await sql.unsafe(readFileSync(join(import.meta.dir, "base_views.sql"), "utf8"));
  const loadSeconds = (performance.now() - started) / 1000;

  const translated = new Map<string, ReturnType<typeof toPostgres>>();
  const runner = (dir: string): SqlRunner => ({
    async rows(file, rowSchema, params = {}) {
      const path = join(dir, file);
      let query = translated.get(path);
      if (!query) {
        query = toPostgres(readFileSync(path, "utf8"));
        translated.set(path, query);
      }
      const values = query.names.map((name) => (params as Record<string, SqlParam>)[name] ?? null);
      const rows = await sql.unsafe(query.text, values as never[]);
      return z.array(rowSchema).parse(rows.map((row) => ({ ...row })));
    },
  });

  return {
    loadSeconds,
    async run(plugin, filters) {
      if (filters.provider_zipcodes.length > 0)
        throw new Error("the PostgreSQL bench runs without provider_zipcodes");
      await sql`DELETE FROM request_filter`;
      await sql`INSERT INTO request_filter VALUES (${filters.year}, ${filters.servicelines}, ${filters.service_area},
        ${filters.facility_type}, ${FACILITY_TYPES.every((type) => filters.facility_type.includes(type))},
        ${filters.facility_zipcodes}, ${filters.provider_zipcodes}, ${filters.facilities}, ${filters.providers})`;
      return plugin.kernel({
        filters,
        sql: runner(plugin.dir),
        inputs: {
          year: inputs.year,
          referenceYear: inputs.referenceYear,
          dimensions: inputs.dimensions,
          zipPolygon: inputs.zipPolygon,
        },
        settings,
        filterLists: () => filterLists(runner(FILTER_LISTS_DIR)),
      });
    },
    async close() {
      await sql.end();
    },
  };
}

/**
 * A year's service-area slice marked customer or competitor (server/engine/sql/market_marked.sql):
 * its raw market rows whose patient zip is in that year's service area, with the zip's types
 * (area_types) and the cases that carry a paid amount (paid_cases), as DuckDB's marked slices.
 */
const markedSliceView = (view: string, cases: string, serviceArea: string) => `
CREATE TEMP VIEW ${view} AS
SELECT m.*,
       (SELECT array_agg(DISTINCT a.type ORDER BY a.type) FROM ${serviceArea} AS a
        WHERE a.zipcode = m.patient_zip) AS area_types,
       CASE WHEN m.paid_amount IS NOT NULL THEN m.cases END AS paid_cases,
       coalesce(m.rendering_npi IN (SELECT npi FROM customer_provider_npi), false)
         OR coalesce(m.facility_npi IN (SELECT npi FROM customer_facility_npi), false) AS is_customer,
       coalesce(m.referring_npi IN (SELECT npi FROM customer_provider_npi), false) AS referred_by_customer
FROM ${cases} AS m
WHERE m.patient_zip IN (SELECT zipcode FROM ${serviceArea});`;

/** M of a year (server/engine/sql/base_views.sql): the marked slice narrowed by the request. */
const marketBaseView = (view: string, marked: string) => `
CREATE TEMP VIEW ${view} AS
SELECT m.*
FROM ${marked} AS m, request_filter AS f
WHERE m.area_types && f.service_area
  AND m.service_line = ANY(f.servicelines)
  AND (f.all_facility_types OR m.setting = ANY(f.facility_type))
  AND (cardinality(f.facility_zipcodes) = 0 OR m.facility_zip = ANY(f.facility_zipcodes))
  AND (cardinality(f.facilities) = 0 OR m.facility_npi = ANY(f.facilities))
  AND (cardinality(f.providers) = 0 OR m.rendering_npi = ANY(f.providers))
  AND (cardinality(f.provider_zipcodes) = 0 OR m.rendering_npi IN (SELECT npi FROM provider_zip_match));`;

/** The organisation's NPIs, the marked slices and M for the current and the reference year (base_views.sql reads them). */
function marketBaseViews() {
  return `
CREATE TEMP VIEW customer_provider_npi AS
SELECT DISTINCT npi FROM org_providers WHERE npi IS NOT NULL;

CREATE TEMP VIEW customer_facility_npi AS
SELECT DISTINCT npi FROM org_facilities WHERE npi IS NOT NULL;
${markedSliceView("area_cases_marked", "market_cases", "service_area")}
${markedSliceView("area_cases_reference_marked", "market_cases_reference", "service_area_reference")}
${marketBaseView("market_base", "area_cases_marked")}
${marketBaseView("market_base_reference", "area_cases_reference_marked")}`;
}
