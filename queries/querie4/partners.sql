-- The customer's cases of M (its provider rendered them or they were at one of its facilities) by
-- facility and rendering provider, with which of the two is the organisation's. The facilities pie
-- sums the pairs of its own providers by facility, the providers pie the pairs at its own
-- facilities by provider (partners.ts). market_base_rendered is M without the referring provider,
-- in fewer rows.
SELECT facility_npi, rendering_npi,
       rendering_npi IN (SELECT npi FROM customer_provider_npi) AS own_provider,
       facility_npi IN (SELECT npi FROM customer_facility_npi) AS own_facility,
       min(facility_name) AS facility_name, min(rendering_name) AS rendering_name,
       sum(cases)::DOUBLE AS cases
FROM market_base_rendered
WHERE is_customer
GROUP BY facility_npi, rendering_npi;
