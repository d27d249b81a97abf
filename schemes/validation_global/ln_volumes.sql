-- Per provider of the profile: surgical cases it rendered in the external market data (the whole
-- market: the upload is not limited to the service area either) and in the practice's upload.
WITH market AS (
  SELECT rendering_npi AS npi, sum(cases) AS cases
  FROM market_cases
  WHERE is_surgical AND rendering_npi IN (SELECT npi FROM org_providers)
  GROUP BY rendering_npi
),
upload AS (
  SELECT rendering_npi AS npi, sum(volume) AS cases
  FROM practice_cases
  WHERE is_surgical AND rendering_npi IN (SELECT npi FROM org_providers)
  GROUP BY rendering_npi
)
SELECT p.npi, p.full_name, coalesce(market.cases, 0) AS ln, coalesce(upload.cases, 0) AS upload
FROM org_providers AS p
LEFT JOIN market USING (npi)
LEFT JOIN upload USING (npi)
ORDER BY p.full_name, p.npi
