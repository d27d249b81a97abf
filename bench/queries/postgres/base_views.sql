-- The base sets of server/engine/sql/base_views.sql in PostgreSQL, over the raw market rows (the
-- design a PostgreSQL deployment would have: one market table with an index on patient_zip, no
-- derived files). Same definitions, written in PostgreSQL's dialect: list_contains(l, x) is
-- x = ANY(l), len(l) is cardinality(l), arg_min over a struct is DISTINCT ON. The relations the
-- kernels read (market_base, market_base_reference, area_cases, area_zip_cases, practice_base,
-- practice_cases, customer_*_npi, org_providers, service_area, request_filter) keep their names.
-- The service-area zips are an uncorrelated subquery, so PostgreSQL hashes them (or uses the index).
-- The views are the session's (temporary), as its request_filter is (postgresKernels.ts).

-- customer_provider_npi, customer_facility_npi, market_base and market_base_reference are created
-- before this file by marketBaseViews() (postgresKernels.ts): one definition of M for both years.

-- M without the referring provider: DuckDB keeps it rolled up in fewer rows (market_marked.sql);
-- the kernels that read it only sum cases and take min() by facility and provider, which PostgreSQL
-- computes from M's rows directly.
CREATE TEMP VIEW market_base_rendered AS
SELECT * FROM market_base;

-- The service area's market rows (the kernels' area_cases and area_zip_cases read these columns).
CREATE TEMP VIEW area_cases AS
SELECT * FROM market_cases WHERE patient_zip IN (SELECT zipcode FROM service_area);

CREATE TEMP VIEW area_zip_cases AS
SELECT * FROM area_cases;

CREATE TEMP VIEW practice_lines_placed AS
SELECT p.*,
       coalesce(location.name, facility.name, market_facility.name, p.location) AS place_name,
       coalesce(location.zip, facility.zip, market_facility.zip) AS place_zip
FROM practice_lines AS p
LEFT JOIN (
  SELECT name, min(zip) AS zip FROM org_facilities WHERE kind = 'location' GROUP BY name
) AS location ON location.name = p.location
LEFT JOIN (
  SELECT npi, min(name) AS name, min(zip) AS zip FROM org_facilities WHERE kind = 'facility' GROUP BY npi
) AS facility ON facility.npi = p.facility_npi
LEFT JOIN (
  SELECT facility_npi, min(facility_name) AS name, min(facility_zip) AS zip FROM market_cases GROUP BY facility_npi
) AS market_facility ON market_facility.facility_npi = p.facility_npi;

CREATE TEMP VIEW practice_base AS
SELECT p.*
FROM practice_lines_placed AS p, request_filter AS f
WHERE (f.all_facility_types OR p.setting = ANY(f.facility_type))
  AND (cardinality(f.facility_zipcodes) = 0 OR p.place_zip = ANY(f.facility_zipcodes))
  AND (cardinality(f.facilities) = 0 OR p.facility_npi = ANY(f.facilities))
  AND (cardinality(f.providers) = 0 OR p.rendering_npi = ANY(f.providers))
  AND (cardinality(f.provider_zipcodes) = 0 OR p.rendering_npi IN (SELECT npi FROM provider_zip_match));

CREATE TEMP VIEW practice_cases AS
WITH surgical AS (
  SELECT DISTINCT ON (source, claim_id)
         category, service_line, patient_zip, rendering_npi, referring_npi, facility_npi, place_name,
         place_zip, setting
  FROM practice_lines_placed
  WHERE is_surgical
  ORDER BY source, claim_id, category_rank, line
)
SELECT true AS is_surgical, s.category, s.service_line, s.patient_zip, s.rendering_npi, s.referring_npi,
       s.facility_npi, s.place_name, s.place_zip, s.setting, 1.0::double precision AS volume
FROM surgical AS s, request_filter AS f
WHERE s.service_line = ANY(f.servicelines)
  AND (f.all_facility_types OR s.setting = ANY(f.facility_type))
  AND (cardinality(f.facility_zipcodes) = 0 OR s.place_zip = ANY(f.facility_zipcodes))
  AND (cardinality(f.facilities) = 0 OR s.facility_npi = ANY(f.facilities))
  AND (cardinality(f.providers) = 0 OR s.rendering_npi = ANY(f.providers))
  AND (cardinality(f.provider_zipcodes) = 0 OR s.rendering_npi IN (SELECT npi FROM provider_zip_match))
UNION ALL
SELECT false AS is_surgical, category, service_line, patient_zip, rendering_npi, referring_npi, facility_npi,
       place_name, place_zip, setting, units AS volume
FROM practice_base
WHERE NOT is_surgical AND category IS NOT NULL;

-- practice_cases with volumes summed per combination of columns in DuckDB (organisation_tables.sql);
-- the kernels that read it only sum volumes, which PostgreSQL does over practice_cases directly.
CREATE TEMP VIEW practice_volumes AS
SELECT * FROM practice_cases;
