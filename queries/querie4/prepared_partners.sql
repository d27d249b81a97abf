-- querie4's prepared table (prepared.ts): partners.sql's rows over the customer's cases of the
-- service-area slice summed by referrer (area_cases_rendered_marked, market_marked.sql) with no
-- filter applied, by what the filters narrow (market_base's columns and the rendering provider's
-- main zip); made once per organisation-year data version. pair_rank numbers the pairs.
WITH pairs AS (
  SELECT m.area_mask, m.service_line, m.setting, m.facility_zip, m.facility_npi, m.rendering_npi,
         z.facility_zip AS provider_zip,
         m.rendering_npi IN (SELECT npi FROM customer_provider_npi) AS own_provider,
         m.facility_npi IN (SELECT npi FROM customer_facility_npi) AS own_facility,
         min(m.facility_name) AS facility_name, min(m.rendering_name) AS rendering_name,
         sum(m.cases)::DOUBLE AS cases
  FROM area_cases_rendered_marked AS m
  LEFT JOIN provider_main_zip AS z ON z.npi = m.rendering_npi
  WHERE m.is_customer
  GROUP BY ALL
)
SELECT *, (dense_rank() OVER (ORDER BY facility_npi, rendering_npi) - 1)::INTEGER AS pair_rank
FROM pairs
ORDER BY ALL;
