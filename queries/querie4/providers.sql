-- Who operates at the customer's facilities: cases in M at one of the organisation's facilities,
-- by rendering provider (own providers and outside surgeons alike).
SELECT rendering_npi AS npi, min(rendering_name) AS name, sum(cases)::DOUBLE AS cases,
       rendering_npi IN (SELECT npi FROM customer_provider_npi) AS own
FROM market_base
WHERE facility_npi IN (SELECT npi FROM customer_facility_npi)
GROUP BY rendering_npi
ORDER BY cases DESC, name, npi;
