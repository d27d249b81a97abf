-- S: the year's market cases of the chosen lines whose patient lives in any of the organisation's
-- service-area zips (all types; the service_area filter does not narrow S). A case's destination
-- is the service-area type of its facility's zip, or OUTSIDE when that zip is in none. It reads
-- area_zip_cases, the service-area slice of the market by patient zip
-- (server/engine/sql/derived_relations.sql).
WITH destination_of_zip AS (
  SELECT zipcode, min(type) AS type FROM service_area GROUP BY zipcode
)
SELECT m.patient_zip,
       m.service_line,
       coalesce(destination.type, 'OUTSIDE') AS destination,
       coalesce(m.rendering_name, m.rendering_npi) AS provider,
       sum(m.cases)::DOUBLE AS cases
FROM area_zip_cases AS m
LEFT JOIN destination_of_zip AS destination ON destination.zipcode = m.facility_zip
WHERE m.patient_zip IN (SELECT zipcode FROM service_area)
  AND list_contains((SELECT servicelines FROM request_filter), m.service_line)
GROUP BY ALL;
