-- querie1's prepared table (prepared.ts): pairs.sql's rows over the service-area slice summed by
-- referrer (area_cases_rendered_marked, market_marked.sql) with no filter applied, by what the
-- filters narrow (market_base's columns and the rendering provider's main zip); made once per
-- organisation-year data version. pair_rank numbers the pairs (facility, provider, side). The
-- facility zip is grouped by (the filters read it), so it is its rows' min too: one column serves both.
WITH pairs AS (
  SELECT m.area_mask, m.service_line, m.setting, m.facility_zip, m.facility_npi,
         m.rendering_npi, z.facility_zip AS provider_zip, m.is_customer,
         min(m.facility_name) AS facility_name, min(m.rendering_name) AS rendering_name,
         sum(m.cases)::DOUBLE AS cases
  FROM area_cases_rendered_marked AS m
  LEFT JOIN provider_main_zip AS z ON z.npi = m.rendering_npi
  GROUP BY ALL
)
SELECT *, (dense_rank() OVER (ORDER BY facility_npi, rendering_npi, is_customer) - 1)::INTEGER AS pair_rank
FROM pairs
ORDER BY ALL;
