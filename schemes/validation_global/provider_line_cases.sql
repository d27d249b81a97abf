-- The practice's surgical cases per service line and rendering provider.
SELECT service_line, rendering_npi, sum(volume) AS cases
FROM practice_cases
WHERE is_surgical AND service_line IS NOT NULL
GROUP BY service_line, rendering_npi
ORDER BY service_line, rendering_npi
