-- querie3's prepared table (prepared.ts): the cases of the service-area slice without the referring
-- provider (area_cases_rendered_marked, market_marked.sql) with no filter applied, as mix.sql sums
-- them, by what the filters narrow (market_base's columns and the rendering provider's main zip)
-- and by side; made once per organisation-year data version. line_rank numbers the service lines.
WITH cases AS (
  SELECT m.area_mask, m.service_line, m.setting, m.facility_zip, m.facility_npi, m.rendering_npi,
         z.facility_zip AS provider_zip, m.is_customer, sum(m.cases)::DOUBLE AS cases
  FROM area_cases_rendered_marked AS m
  LEFT JOIN provider_main_zip AS z ON z.npi = m.rendering_npi
  GROUP BY ALL
)
SELECT *, (dense_rank() OVER (ORDER BY service_line) - 1)::INTEGER AS line_rank
FROM cases
ORDER BY ALL;
