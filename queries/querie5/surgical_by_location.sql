-- The practice's surgical cases by place, service line and rendering provider.
SELECT coalesce(c.place_name, 'Unknown location') AS location,
       c.service_line,
       coalesce(provider.full_name, c.rendering_npi, 'Unknown provider') AS provider,
       sum(c.volume)::DOUBLE AS volume
FROM practice_volumes AS c
LEFT JOIN org_providers AS provider ON provider.npi = c.rendering_npi
WHERE c.is_surgical
GROUP BY ALL
-- In a fixed order: the screen's groups list their categories (and ties) in row order.
ORDER BY location, service_line, provider;
