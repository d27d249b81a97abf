-- Where the customer's providers operate: cases in M rendered by one of the organisation's
-- providers, by facility (own facilities and partner hospitals alike).
SELECT facility_npi AS npi, min(facility_name) AS name, sum(cases)::DOUBLE AS cases,
       facility_npi IN (SELECT npi FROM customer_facility_npi) AS own
FROM market_base
WHERE rendering_npi IN (SELECT npi FROM customer_provider_npi)
GROUP BY facility_npi
ORDER BY cases DESC, name, npi;
