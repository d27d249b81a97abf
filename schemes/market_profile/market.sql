-- Market volume of the service area per category, for the year and (when $with_previous) the
-- previous year: Σ cases of market rows whose patient_zip is one of the organisation's service-area
-- zips (PSA, SSA and TSA), split by the zip's type; the customer's part (is_customer, data-contract.md
-- section 5); and the ASC figures of the market profile's site-of-care comparison (cases without a
-- setting are left out of those, as in querie6). The previous year is measured on this year's
-- service area, so growth is the market's, not a change of the zip list.
WITH area AS (
  SELECT zipcode, min(type) AS type FROM service_area GROUP BY zipcode
),
both_years AS (
  SELECT 'current' AS period, category, is_surgical, patient_zip, setting, cases, is_customer
  FROM marked_cases('market_cases')
  UNION ALL
  SELECT 'previous' AS period, category, is_surgical, patient_zip, setting, cases, is_customer
  FROM marked_cases('market_cases_previous')
  WHERE $with_previous
)
SELECT y.period,
       y.category,
       y.is_surgical,
       area.type AS area_type,
       sum(y.cases)::DOUBLE AS market_volume,
       coalesce(sum(y.cases) FILTER (WHERE y.is_customer), 0)::DOUBLE AS customer_cases,
       coalesce(sum(y.cases) FILTER (WHERE y.setting IS NOT NULL), 0)::DOUBLE AS market_with_setting,
       coalesce(sum(y.cases) FILTER (WHERE y.setting = 'ASC'), 0)::DOUBLE AS market_asc,
       coalesce(sum(y.cases) FILTER (WHERE y.is_customer AND y.setting IS NOT NULL), 0)::DOUBLE AS customer_with_setting,
       coalesce(sum(y.cases) FILTER (WHERE y.is_customer AND y.setting = 'ASC'), 0)::DOUBLE AS customer_asc
FROM both_years AS y
JOIN area ON area.zipcode = y.patient_zip
WHERE y.category IS NOT NULL OR y.is_surgical
GROUP BY ALL;
