-- The figures behind each maturity component, per service line, for the selected year (M) and
-- the reference year (the same filters on the reference year's market and service area).
WITH both_years AS (
  SELECT 'current' AS period, * FROM market_base
  UNION ALL BY NAME
  SELECT 'reference' AS period, * FROM market_base_reference
)
SELECT period,
       service_line,
       sum(cases)::DOUBLE AS market_cases,
       coalesce(sum(cases) FILTER (WHERE is_customer), 0)::DOUBLE AS customer_cases,
       coalesce(sum(cases) FILTER (WHERE is_customer AND setting = 'ASC'), 0)::DOUBLE AS customer_asc_cases,
       count(DISTINCT rendering_npi) FILTER (
         WHERE is_customer AND rendering_npi IN (SELECT npi FROM customer_provider_npi)) AS providers,
       -- Referral base: outside referrers (the practice's own providers are not a referral source).
       count(DISTINCT referring_npi) FILTER (
         WHERE is_customer AND referring_npi IS NOT NULL AND NOT referred_by_customer) AS referrers
FROM both_years
WHERE service_line <> 'other'
GROUP BY period, service_line;
