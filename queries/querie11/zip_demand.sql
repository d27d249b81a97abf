-- Each zip of the service area (every type): its types, its population and five-year projection
-- from the year's demographics (NULL when the upload has none), and its market cases per service
-- line (area_zip_cases; one row with service_line NULL for a zip without case). slices.ts keeps
-- them per organisation-year; a run narrows them to its lines and service-area types.
WITH area_zip AS (
  SELECT zipcode, list(DISTINCT type ORDER BY type) AS area_types
  FROM service_area
  GROUP BY zipcode
),
zip_cases AS (
  SELECT patient_zip, service_line, sum(cases)::DOUBLE AS cases
  FROM area_zip_cases
  WHERE service_line IS NOT NULL
  GROUP BY patient_zip, service_line
)
SELECT z.zipcode, z.area_types, d.population::DOUBLE AS population,
       d.projected_population_5y::DOUBLE AS projected_population_5y,
       c.service_line, coalesce(c.cases, 0)::DOUBLE AS cases
FROM area_zip AS z
LEFT JOIN (SELECT zip, max(population) AS population, max(projected_population_5y) AS projected_population_5y
           FROM demographics GROUP BY zip) AS d ON d.zip = z.zipcode
LEFT JOIN zip_cases AS c ON c.patient_zip = z.zipcode
ORDER BY z.zipcode, c.service_line;
