-- Per facility of the profile: the practice claims that name it (its NPI on the line, or one of
-- its locations as the line's location) and the market cases billed under its NPI, all settings,
-- the whole market (not only the service area: this checks identity, not market position).
WITH profile AS (
  SELECT DISTINCT npi FROM org_facilities WHERE kind = 'facility'
),
named_lines AS (
  SELECT p.facility_npi AS npi, p.source, p.claim_id
  FROM practice_lines AS p
  WHERE p.facility_npi IN (SELECT npi FROM profile)
  UNION ALL
  SELECT f.npi, p.source, p.claim_id
  FROM practice_lines AS p
  JOIN org_facilities AS f ON f.kind = 'location' AND p.location = f.name
),
practice AS (
  SELECT npi, count(DISTINCT (source, claim_id)) AS claims FROM named_lines GROUP BY npi
),
market AS (
  SELECT facility_npi AS npi, sum(cases) AS cases
  FROM market_cases
  WHERE facility_npi IN (SELECT npi FROM profile)
  GROUP BY facility_npi
)
SELECT profile.npi,
       coalesce(practice.claims, 0) AS practice_claims,
       coalesce(market.cases, 0) AS market_cases
FROM profile
LEFT JOIN practice USING (npi)
LEFT JOIN market USING (npi)
ORDER BY profile.npi
