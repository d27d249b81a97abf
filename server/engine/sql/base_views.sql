-- The base sets of analyses.md ("Filters and the base set"), shared by every kernel.
-- Reads only the bound relations (area_cases, area_cases_reference, service_area, the tables of
-- organisation_tables.sql) and the one-row request_filter table; no values are spliced into this
-- text. Views and macros only: they do not depend on the data, so a pooled connection creates
-- them once.

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

-- Practice volumes (data-contract.md section 5 "Case"): the surgical claims
-- (practice_surgical_claims, organisation_tables.sql) with the filters applied to the line that
-- describes each, and the non-surgical lines weighted by units.
CREATE OR REPLACE TEMP VIEW practice_cases AS
SELECT true AS is_surgical, surgical.*, 1.0::DOUBLE AS volume
FROM practice_surgical_claims AS surgical
WHERE list_contains((SELECT servicelines FROM request_filter), surgical.service_line)
  AND practice_filter(surgical.setting, surgical.place_zip, surgical.facility_npi, surgical.rendering_npi)
UNION ALL BY NAME
SELECT false AS is_surgical, category, service_line, patient_zip, rendering_npi, referring_npi, facility_npi,
       place_name, place_zip, setting, units AS volume
FROM practice_base
WHERE NOT is_surgical AND category IS NOT NULL;
