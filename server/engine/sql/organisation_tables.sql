-- Tables of the organisation-year that do not depend on the request's filters, computed once
-- per connection and inputs (bindInputs re-runs this file when the practice file, the
-- organisation's facilities and providers or the market lookups change): every kernel statement
-- then reads a plain table instead of planning the joins again.

-- The organisation's NPIs. Locations carry their facility's NPI, so they are covered by it.
CREATE OR REPLACE TEMP TABLE customer_provider_npi AS
SELECT DISTINCT npi FROM org_providers WHERE npi IS NOT NULL;

CREATE OR REPLACE TEMP TABLE customer_facility_npi AS
SELECT DISTINCT npi FROM org_facilities WHERE npi IS NOT NULL;

-- Practice lines with the place they were performed at: the profile location named on the line,
-- else the organisation's facility of its facility_npi, else (a partner hospital) the facility's
-- name and zip in the year's market data.
CREATE OR REPLACE TEMP TABLE practice_lines_placed AS
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

-- The practice's surgical cases before any filter. A surgical case is a claim with at least one
-- surgical line, described by its first surgical line in the category table's order (then by line
-- number), chosen among all the claim's lines, as ingestion does; claims are counted per table (a
-- professional and a facility claim are two claims).
CREATE OR REPLACE TEMP TABLE practice_surgical_claims AS
SELECT unnest(arg_min(
         {'category': category, 'service_line': service_line, 'patient_zip': patient_zip,
          'rendering_npi': rendering_npi, 'referring_npi': referring_npi, 'facility_npi': facility_npi,
          'place_name': place_name, 'place_zip': place_zip, 'setting': setting},
         {'rank': category_rank, 'line': line}))
FROM practice_lines_placed
WHERE is_surgical
GROUP BY source, claim_id;

-- practice_cases rolled up before any filter (the practice_volumes view, baseViews.ts): one row per
-- combination of its columns with the volumes summed, a quarter of the lines (1m: 66k -> 17k), for
-- kernels that sum volumes. Case counts and units are whole numbers (data-contract.md: units int),
-- so the sums are exact in any order.
CREATE OR REPLACE TEMP TABLE practice_volumes_rolled AS
SELECT true AS is_surgical, category, service_line, patient_zip, rendering_npi, referring_npi, facility_npi,
       place_name, place_zip, setting, count(*)::DOUBLE AS volume
FROM practice_surgical_claims
GROUP BY ALL
UNION ALL
SELECT false AS is_surgical, category, service_line, patient_zip, rendering_npi, referring_npi, facility_npi,
       place_name, place_zip, setting, sum(units)::DOUBLE AS volume
FROM practice_lines_placed
WHERE NOT is_surgical AND category IS NOT NULL
GROUP BY ALL;
