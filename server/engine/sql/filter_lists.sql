-- The choices of the filter dialog: the facilities and rendering providers of the year's market
-- cases whose patients live in the organisation's service area (any type), largest first.
-- area_cases is that slice (every row of it is in the service area).
WITH in_area AS (
  SELECT * FROM area_cases
)
SELECT 'facility' AS kind, facility_npi AS npi, min(facility_name) AS name, min(facility_zip) AS zipcode,
       sum(cases)::DOUBLE AS cases
FROM in_area
GROUP BY facility_npi
UNION ALL
SELECT 'provider' AS kind, rendering_npi AS npi, min(rendering_name) AS name, NULL AS zipcode,
       sum(cases)::DOUBLE AS cases
FROM in_area
GROUP BY rendering_npi
ORDER BY kind, cases DESC, name, npi;
