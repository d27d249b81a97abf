-- A fingerprint of every row outmigration.sql reads: the rows of area_zip_cases and of
-- service_area, each hashed on all its columns and summed (order-free), with their counts. Equal
-- fingerprints mean the same flows whatever the relations are bound to (a derived file, the live
-- market, a test's rows), so flows.ts can keep what it built from them; other rows giving the same
-- counts and the same sums of 64-bit hashes is a chance of the order of 2^-64. About 3-5 ms at 1m
-- (a scan of the 56k rows of area_zip_cases) against 20-30 ms for outmigration.sql.
SELECT flows.count::VARCHAR || ':' || coalesce(flows.hash, 0)::VARCHAR || ':'
       || area.count::VARCHAR || ':' || coalesce(area.hash, 0)::VARCHAR AS fingerprint
FROM (
  SELECT count(*) AS count,
         sum(hash(patient_zip, service_line, facility_zip, rendering_npi, rendering_name, cases)) AS hash
  FROM area_zip_cases
) AS flows,
(SELECT count(*) AS count, sum(hash(zipcode, type)) AS hash FROM service_area) AS area;
