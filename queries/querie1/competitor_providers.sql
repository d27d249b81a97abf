-- Competitor cases of M by rendering provider, with its facilities by descending cases. A
-- provider's zipcode is that of the facility where it performed most of these cases.
WITH competitor AS (
  SELECT * FROM market_base WHERE NOT is_customer
),
provider AS (
  SELECT rendering_npi, min(rendering_name) AS name, sum(cases)::DOUBLE AS claims
  FROM competitor
  GROUP BY rendering_npi
),
facility_of_provider AS (
  SELECT rendering_npi, facility_npi, min(facility_name) AS name, min(facility_zip) AS zip, sum(cases) AS cases
  FROM competitor
  GROUP BY rendering_npi, facility_npi
)
SELECT provider.rendering_npi AS npi, provider.name, provider.claims,
       (list(facility.zip ORDER BY facility.cases DESC, facility.zip))[1] AS zipcode,
       list(facility.name ORDER BY facility.cases DESC, facility.name) AS facilities
FROM provider
JOIN facility_of_provider AS facility USING (rendering_npi)
GROUP BY provider.rendering_npi, provider.name, provider.claims
ORDER BY provider.claims DESC, provider.name, provider.rendering_npi;
