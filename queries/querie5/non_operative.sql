-- Non-operative MSK volumes (the non-surgical categories, lines weighted by units) by the place
-- they were performed at, rendering provider and category.
SELECT coalesce(c.place_name, 'Unknown location') AS location,
       c.rendering_npi AS npi,
       coalesce(provider.full_name, c.rendering_npi, 'Unknown provider') AS provider,
       c.category,
       sum(c.volume)::DOUBLE AS volume
FROM practice_cases AS c
LEFT JOIN org_providers AS provider ON provider.npi = c.rendering_npi
WHERE NOT c.is_surgical
GROUP BY ALL;
