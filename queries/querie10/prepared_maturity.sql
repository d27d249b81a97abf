-- querie10's prepared table (prepared.ts): maturity.sql's figures for every service line and for
-- each of the seven sets of service-area types a request can choose (PSA 1, SSA 2, TSA 4 as bits,
-- base_views.sql area_mask), over both years' service-area slices with no other filter (querie10
-- offers only the year and the service lines); made once per organisation-year data version.
-- Distinct counts do not add up, so each set of types has its own row.
WITH both_years AS (
  SELECT 'current' AS period, * FROM area_cases_marked
  UNION ALL BY NAME
  SELECT 'reference' AS period, * FROM area_cases_reference_marked
),
chosen AS (SELECT unnest(range(1, 8))::UTINYINT AS chosen_mask)
SELECT period,
       chosen_mask,
       service_line,
       sum(cases)::DOUBLE AS market_cases,
       coalesce(sum(cases) FILTER (WHERE is_customer), 0)::DOUBLE AS customer_cases,
       coalesce(sum(cases) FILTER (WHERE is_customer AND setting = 'ASC'), 0)::DOUBLE AS customer_asc_cases,
       count(DISTINCT rendering_npi) FILTER (
         WHERE is_customer AND rendering_npi IN (SELECT npi FROM customer_provider_npi)) AS providers,
       count(DISTINCT referring_npi) FILTER (
         WHERE is_customer AND referring_npi IS NOT NULL AND NOT referred_by_customer) AS referrers
FROM both_years JOIN chosen ON (both_years.area_mask & chosen.chosen_mask) <> 0
WHERE service_line <> 'other'
GROUP BY ALL
ORDER BY ALL;
