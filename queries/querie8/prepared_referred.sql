-- querie8's prepared table (prepared.ts): the cases of the service-area slice (area_cases_marked,
-- market_marked.sql) referred by one of the customer's providers, with no filter applied, as
-- leakage.sql sums them, by what the filters narrow (market_base's columns and the rendering
-- provider's main zip), side and competitor; made once per organisation-year data version.
-- group_rank numbers the kernel's groups (service line, side, competitor).
WITH referred AS (
  SELECT m.area_mask, m.service_line, m.setting, m.facility_zip, m.facility_npi, m.rendering_npi,
         z.facility_zip AS provider_zip, m.is_customer,
         CASE WHEN NOT m.is_customer THEN coalesce(m.rendering_name, m.rendering_npi) END AS competitor,
         sum(m.cases)::DOUBLE AS cases
  FROM area_cases_marked AS m
  LEFT JOIN provider_main_zip AS z ON z.npi = m.rendering_npi
  WHERE m.referred_by_customer
  GROUP BY ALL
)
SELECT *, (dense_rank() OVER (ORDER BY service_line, is_customer, competitor) - 1)::INTEGER AS group_rank
FROM referred
ORDER BY ALL;
