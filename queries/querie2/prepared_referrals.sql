-- querie2's prepared table (prepared.ts): the referred cases of the service-area slice
-- (area_cases_marked, market_marked.sql) with no filter applied, as referrers.sql counts them, by
-- what the filters narrow (market_base's columns and the rendering provider's main zip) and by
-- referrer; made once per organisation-year data version. referrer_rank numbers the referrers.
WITH referred AS (
  SELECT m.area_mask, m.service_line, m.setting, m.facility_zip, m.facility_npi, m.rendering_npi,
         z.facility_zip AS provider_zip, m.referring_npi, m.is_customer,
         min(m.referring_name) AS referring_name, sum(m.cases)::DOUBLE AS cases
  FROM area_cases_marked AS m
  LEFT JOIN provider_main_zip AS z ON z.npi = m.rendering_npi
  WHERE m.referring_npi IS NOT NULL AND NOT m.referred_by_customer
  GROUP BY ALL
)
SELECT *, (dense_rank() OVER (ORDER BY referring_npi) - 1)::INTEGER AS referrer_rank
FROM referred
ORDER BY ALL;
