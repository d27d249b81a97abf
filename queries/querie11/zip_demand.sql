-- Each zip of the chosen service-area types: its chosen types, its population and five-year
-- projection from the year's demographics (NULL when the upload has none), and its market cases
-- per chosen service line (area_zip_cases; one row with service_line NULL for a zip without case).
WITH chosen_zip AS (
  SELECT a.zipcode, list(DISTINCT a.type ORDER BY a.type) AS area_types
  FROM service_area AS a, request_filter AS f
  WHERE list_contains(f.service_area, a.type)
  GROUP BY a.zipcode
),
zip_cases AS (
  SELECT c.patient_zip, c.service_line, sum(c.cases)::DOUBLE AS cases
  FROM area_zip_cases AS c, request_filter AS f
  WHERE list_contains(f.servicelines, c.service_line)
  GROUP BY c.patient_zip, c.service_line
)
SELECT z.zipcode, z.area_types, d.population::DOUBLE AS population,
       d.projected_population_5y::DOUBLE AS projected_population_5y,
       c.service_line, coalesce(c.cases, 0)::DOUBLE AS cases
FROM chosen_zip AS z
LEFT JOIN (SELECT zip, max(population) AS population, max(projected_population_5y) AS projected_population_5y
           FROM demographics GROUP BY zip) AS d ON d.zip = z.zipcode
LEFT JOIN zip_cases AS c ON c.patient_zip = z.zipcode
ORDER BY z.zipcode, c.service_line;
