-- M by facility and rendering provider, the customer's cases apart: every figure of querie1 is a
-- sum or a min over these rows (marketShare.ts; market_base_rendered is M without the referring
-- provider, in fewer rows). Names and zips are the min over the pair's cases, so the min over a
-- facility's (or provider's) pairs is the min over its cases.
SELECT facility_npi, rendering_npi, is_customer,
       min(facility_name) AS facility_name, min(facility_zip) AS facility_zip,
       min(rendering_name) AS rendering_name, sum(cases)::DOUBLE AS cases
FROM market_base_rendered
GROUP BY facility_npi, rendering_npi, is_customer;
