-- Per provider of the profile: the practice claims it rendered (any line, any category) and the
-- market cases it rendered, all settings, the whole market (identity, not market position).
WITH profile AS (
  SELECT DISTINCT npi FROM org_providers
),
practice AS (
  SELECT rendering_npi AS npi, count(DISTINCT (source, claim_id)) AS claims
  FROM practice_lines
  WHERE rendering_npi IN (SELECT npi FROM profile)
  GROUP BY rendering_npi
),
market AS (
  SELECT rendering_npi AS npi, sum(cases) AS cases
  FROM market_cases
  WHERE rendering_npi IN (SELECT npi FROM profile)
  GROUP BY rendering_npi
)
SELECT profile.npi,
       coalesce(practice.claims, 0) AS practice_claims,
       coalesce(market.cases, 0) AS market_cases
FROM profile
LEFT JOIN practice USING (npi)
LEFT JOIN market USING (npi)
ORDER BY profile.npi
