-- The base sets of analyses.md ("Filters and the base set"), shared by every kernel.
-- Reads only the bound relations (market_cases, market_cases_reference, practice_lines,
-- service_area, service_area_reference, org_providers, org_facilities) and the one-row
-- request_filter table; no values are spliced into this text.

-- The organisation's NPIs. Locations carry their facility's NPI, so they are covered by it.
CREATE OR REPLACE TEMP VIEW customer_provider_npi AS
SELECT DISTINCT npi FROM org_providers WHERE npi IS NOT NULL;

CREATE OR REPLACE TEMP VIEW customer_facility_npi AS
SELECT DISTINCT npi FROM org_facilities WHERE npi IS NOT NULL;

-- Customer or competitor (data-contract.md section 5): the customer's when its rendering provider
-- is one of the organisation's providers or its facility one of its facilities.
CREATE OR REPLACE TEMP MACRO marked_cases(cases_relation) AS TABLE
SELECT m.*,
       coalesce(m.rendering_npi IN (SELECT npi FROM customer_provider_npi), false)
         OR coalesce(m.facility_npi IN (SELECT npi FROM customer_facility_npi), false) AS is_customer,
       coalesce(m.referring_npi IN (SELECT npi FROM customer_provider_npi), false) AS referred_by_customer
FROM query_table(cases_relation) AS m;

-- M: the year's market cases whose patient_zip is in the chosen service-area types, whose service
-- line and setting are chosen, restricted by the facility/provider lists when they are not empty.
-- All four facility types chosen means no restriction (cases without a setting stay in M; the
-- site-of-care figures leave them out themselves). It reads the service-area slice (area_cases,
-- sql/derived_relations.sql): rows rolled up with the service-area types of their patient zip, so
-- "patient_zip in the chosen types" is "area_types has one of the chosen types".
CREATE OR REPLACE TEMP MACRO market_base_of(area_cases_relation) AS TABLE
SELECT m.*
FROM marked_cases(area_cases_relation) AS m, request_filter AS f
WHERE list_has_any(m.area_types, f.service_area)
  AND list_contains(f.servicelines, m.service_line)
  AND (f.all_facility_types OR list_contains(f.facility_type, m.setting))
  AND (len(f.facility_zipcodes) = 0 OR list_contains(f.facility_zipcodes, m.facility_zip))
  AND (len(f.facilities) = 0 OR list_contains(f.facilities, m.facility_npi))
  AND (len(f.providers) = 0 OR list_contains(f.providers, m.rendering_npi))
  AND (len(f.provider_zipcodes) = 0 OR m.rendering_npi IN (SELECT npi FROM provider_zip_match));

CREATE OR REPLACE TEMP VIEW market_base AS
SELECT * FROM market_base_of('area_cases');

-- querie10's reference year, with that year's service area (the current one when none is listed).
CREATE OR REPLACE TEMP VIEW market_base_reference AS
SELECT * FROM market_base_of('area_cases_reference');

-- Practice lines with the place they were performed at: the profile location named on the line,
-- else the organisation's facility of its facility_npi, else (a partner hospital) the facility's
-- name and zip in the year's market data.
CREATE OR REPLACE TEMP VIEW practice_lines_placed AS
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
LEFT JOIN market_facilities AS market_facility ON market_facility.facility_npi = p.facility_npi;

-- The P filters that apply to the practice's own lines, as a macro over any relation of lines
-- with place_zip. The service area is a market notion and does not restrict P; service lines
-- restrict surgical cases (practice_cases), not the non-surgical lines.
CREATE OR REPLACE TEMP MACRO practice_filter(setting, place_zip, facility_npi, rendering_npi) AS (
  SELECT (f.all_facility_types OR list_contains(f.facility_type, setting))
     AND (len(f.facility_zipcodes) = 0 OR list_contains(f.facility_zipcodes, place_zip))
     AND (len(f.facilities) = 0 OR list_contains(f.facilities, facility_npi))
     AND (len(f.providers) = 0 OR list_contains(f.providers, rendering_npi))
     AND (len(f.provider_zipcodes) = 0 OR rendering_npi IN (SELECT npi FROM provider_zip_match))
  FROM request_filter AS f
);

-- P: the organisation-year's practice lines with those filters.
CREATE OR REPLACE TEMP VIEW practice_base AS
SELECT p.*
FROM practice_lines_placed AS p
WHERE practice_filter(p.setting, p.place_zip, p.facility_npi, p.rendering_npi);

-- Practice volumes (data-contract.md section 5 "Case"). A surgical case is a claim with at least
-- one surgical line, described by its first surgical line in the category table's order (then by
-- line number), chosen among all the claim's lines before any filter, as ingestion does; claims
-- are counted per table (a professional and a facility claim are two claims). The filters then
-- apply to that line. Non-surgical categories count lines weighted by units.
CREATE OR REPLACE TEMP VIEW practice_cases AS
WITH surgical AS (
  SELECT unnest(arg_min(
           {'category': category, 'service_line': service_line, 'patient_zip': patient_zip,
            'rendering_npi': rendering_npi, 'referring_npi': referring_npi, 'facility_npi': facility_npi,
            'place_name': place_name, 'place_zip': place_zip, 'setting': setting},
           {'rank': category_rank, 'line': line}))
  FROM practice_lines_placed
  WHERE is_surgical
  GROUP BY source, claim_id
)
SELECT true AS is_surgical, surgical.*, 1.0::DOUBLE AS volume
FROM surgical
WHERE list_contains((SELECT servicelines FROM request_filter), surgical.service_line)
  AND practice_filter(surgical.setting, surgical.place_zip, surgical.facility_npi, surgical.rendering_npi)
UNION ALL BY NAME
SELECT false AS is_surgical, category, service_line, patient_zip, rendering_npi, referring_npi, facility_npi,
       place_name, place_zip, setting, units AS volume
FROM practice_base
WHERE NOT is_surgical AND category IS NOT NULL;
