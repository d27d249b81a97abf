-- The relations the base views and kernels read instead of the whole market, each as a macro over
-- the bound relations. A run either evaluates them live (bindInputs without derived files: tests,
-- schemes) or reads them from Parquet files written once from exactly these macros
-- (server/engine/derived/): one text, so the two can only differ by where the rows are kept.
-- Every market kernel sums `cases`, counts distinct NPIs or takes min(name), all of which are the
-- same over rows rolled up on the columns they group, filter or name by.

-- The organisation-year's service-area slice of the market, rolled up: one row per combination of
-- the service-area types of the patient's zip, setting, service line, facility, rendering and
-- referring provider (names kept as columns: min(name) stays exact). Patient zip, claim and codes
-- are not kept: market_base does not carry them. Paid amounts are kept summed (paid_amount = Σ of
-- the rows' paid amounts, paid_cases = Σ cases of the rows that have one; both NULL when none
-- has): an average paid per case is Σ paid_amount / Σ paid_cases over any grouping (querie11).
CREATE OR REPLACE TEMP MACRO area_cases_of(cases_relation, area_relation) AS TABLE
SELECT zip.area_types, m.year, m.setting, m.service_line, m.category, m.is_surgical, m.payer_class,
       m.facility_npi, m.facility_name, m.facility_zip, m.rendering_npi, m.rendering_name,
       m.referring_npi, m.referring_name, sum(m.cases)::DOUBLE AS cases,
       sum(m.paid_amount)::DOUBLE AS paid_amount,
       sum(m.cases) FILTER (WHERE m.paid_amount IS NOT NULL)::DOUBLE AS paid_cases
FROM query_table(cases_relation) AS m
JOIN (
  SELECT zipcode, list(DISTINCT type ORDER BY type) AS area_types
  FROM query_table(area_relation)
  GROUP BY zipcode
) AS zip ON zip.zipcode = m.patient_zip
GROUP BY ALL;

-- The same slice by patient zip (querie9's flows): zip, service line, facility zip and rendering
-- provider.
CREATE OR REPLACE TEMP MACRO area_zip_cases_of(cases_relation, area_relation) AS TABLE
SELECT m.patient_zip, m.service_line, m.facility_zip, m.rendering_npi, m.rendering_name,
       sum(m.cases)::DOUBLE AS cases
FROM query_table(cases_relation) AS m
WHERE m.patient_zip IN (SELECT zipcode FROM query_table(area_relation))
GROUP BY ALL;

-- Market-wide, per year: each facility's name and zip (practice lines at a partner hospital are
-- placed with them).
CREATE OR REPLACE TEMP MACRO market_facilities_of(cases_relation) AS TABLE
SELECT facility_npi, min(facility_name) AS name, min(facility_zip) AS zip
FROM query_table(cases_relation)
GROUP BY facility_npi;

-- Market-wide, per year: a provider's zip, taken as the facility zip where it performed most
-- cases (ties: the lowest zip); the provider_zipcodes filter matches it.
CREATE OR REPLACE TEMP MACRO provider_main_zip_of(cases_relation) AS TABLE
SELECT rendering_npi AS npi, facility_zip
FROM (
  SELECT rendering_npi, facility_zip,
         row_number() OVER (PARTITION BY rendering_npi ORDER BY sum(cases) DESC, facility_zip) AS rank
  FROM query_table(cases_relation)
  GROUP BY rendering_npi, facility_zip
) AS main_zip
WHERE rank = 1;
