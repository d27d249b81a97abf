-- Practice volume per category, setting and place (data-contract.md section 5 "Case"): a surgical
-- case is a claim with a surgical line, described by its first surgical line; non-surgical
-- categories count lines weighted by units. practice_cases is bound with every service line and
-- setting, so nothing is filtered out. One row per category, setting, place and rendering provider;
-- the scheme folds them into the section's totals, setting mix, locations and providers.
SELECT c.category,
       c.is_surgical,
       c.setting,
       c.place_name,
       c.rendering_npi,
       p.full_name AS provider_name,
       sum(c.volume)::DOUBLE AS volume
FROM practice_cases AS c
LEFT JOIN (SELECT npi, min(full_name) AS full_name FROM org_providers GROUP BY npi) AS p
  ON p.npi = c.rendering_npi
WHERE c.category IS NOT NULL
GROUP BY ALL;
