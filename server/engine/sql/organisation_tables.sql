-- Relations of the organisation-year that do not depend on the request's filters. Each is a macro
-- over the bound relations, evaluated one of two ways (bindInputs.ts, bindOrganisationRelations):
-- written once per organisation-year and data version as a derived Parquet file and read through
-- a view (server/engine/derived/: every process, every pooled connection), or, without derived
-- files (tests, schemes), kept as a table of the connection. One text, so the two paths can only
-- differ by where the rows are kept. A relation may read the ones listed before it: each is bound
-- before the next is computed. The relations a macro reads are its parameters (query_table), as in
-- derived_relations.sql: DuckDB binds a macro without parameters when it is created, before the
-- relations it reads exist.

-- The organisation's NPIs. Locations carry their facility's NPI, so they are covered by it. Views
-- over the organisation's dimension tables (a few rows), created once per connection.
CREATE OR REPLACE TEMP VIEW customer_provider_npi AS
SELECT DISTINCT npi FROM org_providers WHERE npi IS NOT NULL;

CREATE OR REPLACE TEMP VIEW customer_facility_npi AS
SELECT DISTINCT npi FROM org_facilities WHERE npi IS NOT NULL;

-- Practice lines with the place they were performed at: the profile location named on the line,
-- else the organisation's facility of its facility_npi, else (a partner hospital) the facility's
-- name and zip in the year's market data.
CREATE OR REPLACE TEMP MACRO practice_lines_placed_of(lines_relation, facilities_relation, market_facilities_relation)
AS TABLE
SELECT p.*,
       coalesce(location.name, facility.name, market_facility.name, p.location) AS place_name,
       coalesce(location.zip, facility.zip, market_facility.zip) AS place_zip
FROM query_table(lines_relation) AS p
LEFT JOIN (
  SELECT name, min(zip) AS zip FROM query_table(facilities_relation) WHERE kind = 'location' GROUP BY name
) AS location ON location.name = p.location
LEFT JOIN (
  SELECT npi, min(name) AS name, min(zip) AS zip
  FROM query_table(facilities_relation)
  WHERE kind = 'facility'
  GROUP BY npi
) AS facility ON facility.npi = p.facility_npi
LEFT JOIN query_table(market_facilities_relation) AS market_facility
  ON market_facility.facility_npi = p.facility_npi;

-- The practice's surgical cases before any filter. A surgical case is a claim with at least one
-- surgical line, described by its first surgical line in the category table's order (then by line
-- number), chosen among all the claim's lines, as ingestion does; claims are counted per table (a
-- professional and a facility claim are two claims).
CREATE OR REPLACE TEMP MACRO practice_surgical_claims_of(placed_relation) AS TABLE
SELECT unnest(arg_min(
         {'category': category, 'service_line': service_line, 'patient_zip': patient_zip,
          'rendering_npi': rendering_npi, 'referring_npi': referring_npi, 'facility_npi': facility_npi,
          'place_name': place_name, 'place_zip': place_zip, 'setting': setting},
         {'rank': category_rank, 'line': line}))
FROM query_table(placed_relation)
WHERE is_surgical
GROUP BY source, claim_id;

-- practice_cases rolled up before any filter (the practice_volumes view, baseViews.ts): one row per
-- combination of its columns with the volumes summed, a quarter of the lines (1m: 66k -> 17k), for
-- kernels that sum volumes. Case counts and units are whole numbers (data-contract.md: units int),
-- so the sums are exact in any order.
CREATE OR REPLACE TEMP MACRO practice_volumes_rolled_of(claims_relation, placed_relation) AS TABLE
SELECT true AS is_surgical, category, service_line, patient_zip, rendering_npi, referring_npi, facility_npi,
       place_name, place_zip, setting, count(*)::DOUBLE AS volume
FROM query_table(claims_relation)
GROUP BY ALL
UNION ALL
SELECT false AS is_surgical, category, service_line, patient_zip, rendering_npi, referring_npi, facility_npi,
       place_name, place_zip, setting, sum(units)::DOUBLE AS volume
FROM query_table(placed_relation)
WHERE NOT is_surgical AND category IS NOT NULL
GROUP BY ALL;
