-- Competitor cases of M by facility, with the facility's rendering providers by descending cases.
-- A customer provider's case at another hospital is the customer's (data-contract.md section 5),
-- so it is not counted for that hospital: customer + competitors = Σ M.
WITH competitor AS (
  SELECT * FROM market_base WHERE NOT is_customer
),
facility AS (
  SELECT facility_npi, min(facility_name) AS name, min(facility_zip) AS zipcode, sum(cases)::DOUBLE AS claims
  FROM competitor
  GROUP BY facility_npi
),
provider_at_facility AS (
  SELECT facility_npi, rendering_npi, min(rendering_name) AS name, sum(cases) AS cases
  FROM competitor
  GROUP BY facility_npi, rendering_npi
)
SELECT facility.facility_npi AS npi, facility.name, facility.zipcode, facility.claims,
       list(provider.name ORDER BY provider.cases DESC, provider.name) AS providers
FROM facility
JOIN provider_at_facility AS provider USING (facility_npi)
GROUP BY facility.facility_npi, facility.name, facility.zipcode, facility.claims
ORDER BY facility.claims DESC, facility.name, facility.facility_npi;
