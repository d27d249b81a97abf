-- Non-operative MSK volumes (the non-surgical categories, lines weighted by units; practice_volumes
-- has them summed already) by the place they were performed at, rendering provider and category.
SELECT coalesce(c.place_name, 'Unknown location') AS location,
       c.rendering_npi AS npi,
       coalesce(provider.full_name, c.rendering_npi, 'Unknown provider') AS provider,
       c.category,
       sum(c.volume)::DOUBLE AS volume
FROM practice_volumes AS c
LEFT JOIN org_providers AS provider ON provider.npi = c.rendering_npi
WHERE NOT c.is_surgical
GROUP BY ALL
-- In a fixed order: the screen's groups list their categories (and ties) in row order.
ORDER BY location, npi, provider, category;
