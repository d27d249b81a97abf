-- The outmigration flows of every service line, per patient zip of the service area: what a run
-- then narrows to the chosen lines (flows.ts keeps this per data fingerprint).
-- S: the year's market cases whose patient lives in any of the organisation's service-area zips
-- (all types; the service_area filter does not narrow S). A case's destination is the
-- service-area type of its facility's zip, or OUTSIDE when that zip is in none (or unknown). It
-- reads area_zip_cases, the service-area slice of the market by patient zip
-- (server/engine/sql/derived_relations.sql).
--
-- One row, one JSON text: per patient zip (ordered by zip), its cases per service line and
-- destination (`cells`; area null is OUTSIDE) and the cases per service line and rendering
-- provider of its OUTSIDE cases (`outside`, null when none). Aggregated here rather than as one row
-- per zip, line, destination and provider (54k rows at 1m): building those rows in JavaScript
-- cost 100-200 ms; this text is parsed in about 2 ms.
WITH destination_of_zip AS (
  SELECT zipcode, min(type) AS type FROM service_area GROUP BY zipcode
),
zip_cells AS (
  SELECT cell.patient_zip,
         list({'line': cell.service_line, 'area': cell.area, 'cases': cell.cases}) AS cells
  FROM (
    SELECT m.patient_zip, m.service_line, destination.type AS area, sum(m.cases)::DOUBLE AS cases
    FROM area_zip_cases AS m
    LEFT JOIN destination_of_zip AS destination ON destination.zipcode = m.facility_zip
    WHERE m.service_line IS NOT NULL
    GROUP BY m.patient_zip, m.service_line, destination.type
  ) AS cell
  GROUP BY cell.patient_zip
),
zip_outside AS (
  SELECT flow.patient_zip,
         list({'line': flow.service_line, 'name': flow.provider, 'cases': flow.cases}) AS outside
  FROM (
    SELECT m.patient_zip, m.service_line, coalesce(m.rendering_name, m.rendering_npi) AS provider,
           sum(m.cases)::DOUBLE AS cases
    FROM area_zip_cases AS m
    LEFT JOIN destination_of_zip AS destination ON destination.zipcode = m.facility_zip
    WHERE destination.zipcode IS NULL
      AND m.service_line IS NOT NULL
    GROUP BY m.patient_zip, m.service_line, coalesce(m.rendering_name, m.rendering_npi)
  ) AS flow
  GROUP BY flow.patient_zip
)
SELECT to_json(list({'zip': z.patient_zip, 'cells': z.cells, 'outside': o.outside}
                    ORDER BY z.patient_zip))::VARCHAR AS zips
FROM zip_cells AS z
LEFT JOIN zip_outside AS o ON o.patient_zip = z.patient_zip
WHERE z.patient_zip IN (SELECT zipcode FROM service_area);
