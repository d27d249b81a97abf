-- querie5's prepared table (prepared.ts): the practice volumes of every service line and setting
-- with no filter applied (practice_volumes_rolled, organisation_tables.sql), grouped by what the
-- filters narrow (practice_volumes' columns and the rendering provider's main zip) and by what the
-- answer shows; made once per organisation-year data version. Each row carries the rank of its
-- group in each of the kernel's statements, in that statement's ORDER BY: a request adds volumes up
-- by rank and lists the groups in rank order, so texts are ordered by DuckDB, as the kernel's are.
WITH volumes AS (
  SELECT v.is_surgical, v.service_line, v.category, v.setting, v.place_zip AS facility_zip, v.facility_npi,
         v.rendering_npi, z.facility_zip AS provider_zip, v.patient_zip,
         coalesce(v.place_name, 'Unknown location') AS location,
         coalesce(provider.full_name, v.rendering_npi, 'Unknown provider') AS provider,
         sum(v.volume)::DOUBLE AS volume
  FROM practice_volumes_rolled AS v
  LEFT JOIN org_providers AS provider ON provider.npi = v.rendering_npi
  LEFT JOIN provider_main_zip AS z ON z.npi = v.rendering_npi
  GROUP BY ALL
)
SELECT *,
       -- volume_by_zip.sql ties by zipcode; non_operative.sql and surgical_by_location.sql order so.
       (dense_rank() OVER (ORDER BY patient_zip) - 1)::INTEGER AS zip_rank,
       (dense_rank() OVER (ORDER BY location, rendering_npi, provider, category) - 1)::INTEGER AS provider_rank,
       (dense_rank() OVER (ORDER BY location, service_line, provider) - 1)::INTEGER AS line_rank
FROM volumes
ORDER BY ALL;
